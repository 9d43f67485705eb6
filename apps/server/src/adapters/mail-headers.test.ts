import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestAppWithMail } from "../../test/build-test-app.ts";
import { ConfigError, parseConfig } from "../config.ts";
import { createMailer, MailSeal } from "./mail.ts";
import { localStorage } from "./storage.ts";

/** RFC 8058's pair, as every parent e-mail carries it. */
const unsubscribeHeaders = {
  "List-Unsubscribe": "<https://refrain.example.com/u/AAAAAQFxyz>",
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
};

const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();

type MailApp = Awaited<ReturnType<typeof buildTestAppWithMail>>;
let plain: MailApp;
let signed: MailApp;
beforeAll(async () => {
  plain = await buildTestAppWithMail();
  signed = await buildTestAppWithMail({
    DKIM_DOMAIN: "refrain.example.com",
    DKIM_SELECTOR: "mail2026",
    // As an environment file holds it: on one line.
    DKIM_PRIVATE_KEY: pem.replaceAll("\n", "\\n"),
  });
});
afterAll(async () => {
  await plain.close();
  await signed.close();
});

/** A weekly report with the unsubscribe pair, sent through `app`, as the mail server got it. */
async function deliveredReport(app: MailApp, to: string) {
  await createMailer({
    db: app.db,
    storage: localStorage(mkdtempSync(join(tmpdir(), "refrain-files-"))),
    outbound: {
      seal: new MailSeal(app.config.APP_SECRET),
      enqueue: (job) => app.jobs.send("mail", job),
    },
  }).send({ to, subject: "Weekly report", text: "Hello.", headers: unsubscribeHeaders });
  return app.sink.take(to);
}

describe("a message's own headers", () => {
  it("travel with the queued message and reach the mail server", async () => {
    const mail = await deliveredReport(plain, "family@example.org");
    expect(mail.headers["list-unsubscribe"]).toBe(unsubscribeHeaders["List-Unsubscribe"]);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    // Unsigned without a DKIM key.
    expect(mail.headers["dkim-signature"]).toBeUndefined();
  });

  it("are covered by the DKIM signature, List-Unsubscribe-Post included", async () => {
    const mail = await deliveredReport(signed, "signed@example.org");
    const signature = mail.headers["dkim-signature"] ?? "";
    expect(signature).toContain("d=refrain.example.com");
    expect(signature).toContain("s=mail2026");
    const covered = (/\bh=([^;]+)/.exec(signature)?.[1] ?? "")
      .replace(/\s+/g, "")
      .toLowerCase()
      .split(":");
    expect(covered).toEqual(
      expect.arrayContaining(["from", "subject", "list-unsubscribe", "list-unsubscribe-post"]),
    );
  });
});

describe("the DKIM settings", () => {
  it("are refused in part, so mail is never unsigned by mistake", () => {
    expect(() =>
      parseConfig({ DKIM_DOMAIN: "refrain.example.com", DKIM_SELECTOR: "mail2026" }),
    ).toThrow(ConfigError);
    expect(() =>
      parseConfig({ DKIM_DOMAIN: "x.example", DKIM_SELECTOR: "s", DKIM_PRIVATE_KEY: "secret" }),
    ).toThrow(/DKIM_PRIVATE_KEY must be a PEM private key$/);
  });
});
