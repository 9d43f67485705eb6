import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../test/build-test-app.ts";
import { mailOutbox } from "../db/schema/index.ts";
import { createMailer, HIDDEN_SECRET } from "./mail.ts";
import { localStorage } from "./storage.ts";

let ctx: TestContext;
let smtp: SMTPServer;
let smtpPort = 0;
const received: string[] = [];

beforeAll(async () => {
  ctx = await buildTestApp();
  // A real SMTP peer on loopback: the message crosses the wire as it would in production.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on("end", () => {
        received.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await ctx.close();
});

const storage = () => localStorage(mkdtempSync(join(tmpdir(), "refrain-files-")));

describe("mail", () => {
  it("keeps every message and its attachments in the outbox when no SMTP server is configured", async () => {
    const files = storage();
    const mailer = createMailer({
      db: ctx.db,
      storage: files,
      from: "Refrain <no-reply@example.com>",
    });
    const { id } = await mailer.send({
      to: "teacher@example.org",
      subject: "Your login cards",
      text: "Attached.",
      attachments: [
        {
          filename: "cards.pdf",
          contentType: "application/pdf",
          content: Buffer.from("%PDF-1.7 test"),
        },
      ],
    });
    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ to: "teacher@example.org", transport: "outbox", sentAt: null });
    expect(row?.attachments).toEqual([
      expect.objectContaining({ filename: "cards.pdf", size: 13 }),
    ]);
    expect((await files.get(row?.attachments[0]?.storageKey ?? ""))?.toString()).toBe(
      "%PDF-1.7 test",
    );
  });

  it("sends through SMTP when configured and records that it was sent", async () => {
    const mailer = createMailer({
      db: ctx.db,
      storage: storage(),
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      from: "Refrain <no-reply@example.com>",
    });
    const { id } = await mailer.send({
      to: "parent@example.org",
      subject: "Hello from Refrain",
      text: "A test message.",
    });
    expect(received.at(-1)).toContain("Subject: Hello from Refrain");
    expect(received.at(-1)).toContain("A test message.");
    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row?.transport).toBe("smtp");
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("hides a message's secrets in the kept copy once SMTP delivered it, and only then", async () => {
    const link = "https://refrain.example.com/auth/email-link/secret-token";
    const message = {
      to: "t@example.org",
      subject: "Sign in",
      text: `Open ${link}`,
      html: `<a href="${link}">x</a>`,
      secrets: [link],
    };
    const viaSmtp = createMailer({
      db: ctx.db,
      storage: storage(),
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      from: "x@example.com",
    });
    const sent = await viaSmtp.send(message);
    expect(received.at(-1)).toContain("secret-token");
    const [kept] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, sent.id));
    expect(kept?.text).toBe(`Open ${HIDDEN_SECRET}`);
    expect(kept?.html).not.toContain("secret-token");

    const outboxOnly = createMailer({ db: ctx.db, storage: storage(), from: "x@example.com" });
    const delivered = await outboxOnly.send(message);
    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, delivered.id));
    expect(row?.text).toContain("secret-token");
  });

  it("records a failed SMTP delivery on the message", async () => {
    const mailer = createMailer({
      db: ctx.db,
      storage: storage(),
      smtpUrl: "smtp://127.0.0.1:1",
      from: "x@example.com",
    });
    await expect(
      mailer.send({ to: "a@example.org", subject: "Lost", text: "…" }),
    ).rejects.toThrow();
    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.subject, "Lost"));
    expect(row?.error).toBeTruthy();
  });
});
