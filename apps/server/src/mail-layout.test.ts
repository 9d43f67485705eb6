import { describe, expect, it } from "vitest";
import { letter } from "./mail-layout.ts";

describe("a letter to an adult", () => {
  it("is the shared layout around the words, with the link under its label and no image", async () => {
    const { html, text } = await letter({
      title: "Reset your Refrain password",
      greeting: "Hello Ana <Ruiz>,",
      paragraphs: ["Your username is ana.\nIt stays the same.", "https://refrain.example/faq"],
      link: { url: "https://refrain.example/password/reset/abc?x=1&y=2", label: "Choose one" },
      closing: "Ignore this e-mail if you did not ask.",
    });
    expect(html).toContain('lang="en"');
    expect(html).toContain("<title>Reset your Refrain password</title>");
    expect(html).toContain("Refrain · reading fluency for schools and families");
    expect(html).toContain("Hello Ana &lt;Ruiz&gt;,");
    expect(html).toContain("Your username is ana.<br/>It stays the same.");
    expect(html).toContain('href="https://refrain.example/faq"');
    expect(html).toMatch(
      /href="https:\/\/refrain\.example\/password\/reset\/abc\?x=1&amp;y=2"[^>]*>Choose one</,
    );
    expect(html).not.toContain("<img");
    // The plain text is written, not derived: the link alone on its line, then the signature.
    expect(text).toBe(
      [
        "Hello Ana <Ruiz>,",
        "Your username is ana.\nIt stays the same.",
        "https://refrain.example/faq",
        "https://refrain.example/password/reset/abc?x=1&y=2",
        "Ignore this e-mail if you did not ask.",
        "The Refrain team",
      ].join("\n\n"),
    );
  });

  it("leaves the signature to a last paragraph that signs already", async () => {
    const { text } = await letter({
      title: "Hi",
      paragraphs: ["Thanks!", "See you soon,\nThe Refrain team"],
      signature: false,
    });
    expect(text).toBe("Thanks!\n\nSee you soon,\nThe Refrain team");
  });
});
