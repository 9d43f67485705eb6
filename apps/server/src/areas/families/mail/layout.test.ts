import { describe, expect, it } from "vitest";
import { paragraph, renderMail } from "../../../mail-layout.ts";
import { parentMailLayout } from "./layout.ts";

const UNSUBSCRIBE = "https://refrain.example/u/abc123";

const mail = (language: "en" | "es", studentFirstName = "Ana") =>
  renderMail(
    parentMailLayout(
      {
        language,
        studentFirstName,
        unsubscribeUrl: UNSUBSCRIBE,
        preview: "Preview line",
        title: "A note about Ana",
      },
      paragraph("Body of the mail."),
    ),
  );

describe("the parent mail layout", () => {
  it("renders HTML with the content, the reason and the unsubscribe link", async () => {
    const { html } = await mail("en");
    expect(html).toContain('lang="en"');
    expect(html).toContain("<title>A note about Ana</title>");
    expect(html).toContain("Body of the mail.");
    expect(html).toContain("Ana&#x27;s teacher uses Refrain");
    expect(html).toContain(`href="${UNSUBSCRIBE}"`);
    expect(html).toContain("Stop these emails");
  });

  it("is written in the parent's language", async () => {
    const { html, text } = await mail("es");
    expect(html).toContain('lang="es"');
    expect(html).toContain("Práctica de lectura en la escuela y en casa");
    expect(text).toContain("Recibe este correo porque el maestro o la maestra de Ana usa Refrain");
    expect(text).toContain(`Dejar de recibir estos correos ${UNSUBSCRIBE}`);
  });

  it("has a plain-text part with the words and the unsubscribe address, and no markup", async () => {
    const { text } = await mail("en");
    expect(text).toContain("Body of the mail.");
    expect(text).toContain(UNSUBSCRIBE);
    expect(text).not.toMatch(/<[a-z]/i);
    // The inbox preview line is for the HTML only.
    expect(text).not.toContain("Preview line");
  });

  it("escapes a child's name", async () => {
    const { html } = await mail("en", '<b onclick="x">Zoë</b>');
    expect(html).not.toContain("<b onclick");
    expect(html).toContain("&lt;b onclick=");
  });

  it("loads no remote images and carries no other link than the unsubscribe page", async () => {
    const { html } = await mail("en");
    expect(html).not.toMatch(/<img|background=|url\(/i);
    const links = [...html.matchAll(/(?:href|src)="([^"]*)"/g)].map((m) => m[1]);
    expect(links).toEqual([UNSUBSCRIBE]);
  });
});
