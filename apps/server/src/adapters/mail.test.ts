import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../test/build-test-app.ts";
import { type SmtpSink, startSmtpSink } from "../../test/smtp-sink.ts";
import { mailOutbox } from "../db/schema/index.ts";
import {
  createMailer,
  deleteUnreferencedMailFiles,
  type MailMessage,
  MailSeal,
  SECRET_MARKER,
} from "./mail.ts";
import { localStorage } from "./storage.ts";

let ctx: TestContext;
/** An app whose mail goes to `sink` through the job queue. */
let smtp: TestContext;
let sink: SmtpSink;

beforeAll(async () => {
  ctx = await buildTestApp();
  sink = await startSmtpSink();
  smtp = await buildTestApp({ SMTP_URL: sink.url });
});
afterAll(async () => {
  await smtp.close();
  await sink.close();
  await ctx.close();
});

const storage = () => localStorage(mkdtempSync(join(tmpdir(), "refrain-files-")));
const rowOf = async (app: TestContext, id: number) =>
  (await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

/** A mailer as app.ts makes it with SMTP_URL: messages go out through `app`'s "mail" job. */
const smtpMailer = (files = storage(), app = smtp) =>
  createMailer({
    db: app.db,
    storage: files,
    outbound: {
      seal: new MailSeal(app.config.APP_SECRET),
      enqueue: (job) => app.jobs.send("mail", job),
    },
  });

/** The "mail" jobs of one outbox message, as the database holds them (JSON text). */
async function mailJobs(app: TestContext, id: number) {
  const { rows } = (await app.db.execute(
    sql`select row_to_json(job)::text as job from pgboss.job where name = 'mail' and (data->>'id')::int = ${id}`,
  )) as unknown as { rows: { job: string }[] };
  return rows.map((row) => row.job);
}

const link = "https://refrain.example.com/auth/email-link/secret-token_0123456789";
const cards = Buffer.from("%PDF-1.7 every password of the class");
/** A message with a secret in its text and HTML, a secret attachment and an ordinary one. */
const secretMessage = (to: string): MailMessage => ({
  to,
  subject: "Sign in",
  text: `Open ${link} within 15 minutes.`,
  html: `<a href="${link}">Sign in</a>`,
  secrets: [link],
  attachments: [
    { filename: "login-cards.pdf", contentType: "application/pdf", content: cards, secret: true },
    { filename: "notes.txt", contentType: "text/plain", content: Buffer.from("plain notes") },
  ],
});

describe("mail", () => {
  it("keeps every message and its ordinary attachments in the outbox when no SMTP server is configured", async () => {
    const files = storage();
    const mailer = createMailer({
      db: ctx.db,
      storage: files,
    });
    const { id } = await mailer.send({
      to: "teacher@example.org",
      subject: "Your quote",
      text: "Attached.",
      attachments: [
        {
          filename: "quote.pdf",
          contentType: "application/pdf",
          content: Buffer.from("%PDF-1.7 test"),
        },
      ],
    });
    const row = await rowOf(ctx, id);
    expect(row).toMatchObject({
      to: "teacher@example.org",
      text: "Attached.",
      transport: "outbox",
      sentAt: null,
    });
    expect(row?.attachments).toEqual([
      expect.objectContaining({ filename: "quote.pdf", size: 13 }),
    ]);
    expect((await files.get(row?.attachments[0]?.storageKey ?? ""))?.toString()).toBe(
      "%PDF-1.7 test",
    );
  });

  it("sends through SMTP when configured, by a job, and records that it was sent", async () => {
    const { id } = await smtpMailer().send({
      to: "parent@example.org",
      subject: "Hello from Refrain",
      text: "A test message.",
    });
    const mail = await sink.take("parent@example.org");
    expect(mail.subject).toBe("Hello from Refrain");
    expect(mail.text.trim()).toBe("A test message.");
    await smtp.app.whenIdle();
    const row = await rowOf(smtp, id);
    expect(row?.transport).toBe("smtp");
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("delivers the secrets to the recipient and keeps a copy without them, the job's too", async () => {
    const files = storage();
    const { id } = await smtpMailer(files).send(secretMessage("owner@example.org"));

    const mail = await sink.take("owner@example.org");
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
      ["login-cards.pdf", cards.toString()],
      ["notes.txt", "plain notes"],
    ]);

    await smtp.app.whenIdle();
    const row = await rowOf(smtp, id);
    expect(row?.text).toBe(`Open ${SECRET_MARKER} within 15 minutes.`);
    expect(row?.html).toBe(`<a href="${SECRET_MARKER}">Sign in</a>`);
    expect(JSON.stringify(row)).not.toContain("secret-token");
    // The cards are named, never stored; the ordinary file is kept.
    expect(row?.attachments).toEqual([
      {
        filename: "login-cards.pdf",
        contentType: "application/pdf",
        size: cards.length,
        storageKey: null,
      },
      expect.objectContaining({ filename: "notes.txt", storageKey: expect.any(String) }),
    ]);
    // The job that carried the message holds it sealed: neither the link nor the cards show.
    const jobs = await mailJobs(smtp, id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).not.toContain("secret-token");
    expect(jobs[0]).not.toContain(cards.toString("base64"));
  });

  it("keeps no secret without SMTP either, and shows the whole message on the development console", async () => {
    const files = storage();
    const blocks: string[] = [];
    const mailer = createMailer({
      db: ctx.db,
      storage: files,
      devConsole: (block) => blocks.push(block),
    });
    const { id } = await mailer.send(secretMessage("nosmtp@example.org"));
    const row = await rowOf(ctx, id);
    expect(row?.transport).toBe("outbox");
    expect(row?.text).toBe(`Open ${SECRET_MARKER} within 15 minutes.`);
    expect(JSON.stringify(row)).not.toContain("secret-token");
    expect(row?.attachments[0]?.storageKey).toBeNull();

    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toContain("To: nosmtp@example.org");
    expect(blocks[0]).toContain(`Open ${link} within 15 minutes.`);
    expect(blocks[0]).toContain("login-cards.pdf");
    expect(blocks[0]).not.toContain("every password");

    // A message without secrets is all in the outbox: nothing to show on the console.
    await mailer.send({ to: "plain@example.org", subject: "Hi", text: "Nothing secret." });
    expect(blocks).toHaveLength(1);
  });

  it("keeps a message through a mail server outage and sends it when the server is back", async () => {
    // A port where nothing listens, until a mail server starts on it.
    const probe = await startSmtpSink();
    await probe.close();
    const down = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${probe.port}` });
    let back: SmtpSink | undefined;
    try {
      const { id } = await smtpMailer(storage(), down).send({
        ...secretMessage("patient@example.org"),
        subject: "Delayed",
      });
      // The first try fails; the job waits for its retry (a second or two here).
      await down.app.whenIdle();
      const failed = await rowOf(down, id);
      expect(failed?.error).toContain("ECONNREFUSED");
      expect(failed?.sentAt).toBeNull();
      expect(JSON.stringify(failed)).not.toContain("secret-token");
      const [job] = await mailJobs(down, id);
      expect(job).toContain('"state":"retry"');

      back = await startSmtpSink({ port: probe.port });
      const mail = await back.take("patient@example.org", 10_000);
      expect(mail.subject).toBe("Delayed");
      expect(mail.text).toContain(link);
      await down.app.whenIdle();
      const sent = await rowOf(down, id);
      expect(sent?.sentAt).toBeInstanceOf(Date);
      expect(sent?.error).toBeNull();
    } finally {
      await back?.close();
      await down.close();
    }
  });
});

describe("a burst of mail", () => {
  it("goes out together with production polling, not one message per 30-second backstop poll", async () => {
    // The other tests poll every half second; this app polls as production does (NOTIFY with a
    // 30 s backstop), where a worker that fetched one job used to wait for the next NOTIFY.
    const burstSink = await startSmtpSink();
    const app = await buildTestApp(
      { SMTP_URL: burstSink.url },
      { jobs: { pollingIntervalSeconds: undefined } },
    );
    try {
      const mailer = smtpMailer(storage(), app);
      const addresses = Array.from({ length: 12 }, (_, i) => `teacher${i}@school.example.org`);
      // As a principal invites a staff: the messages are queued while the first is being sent.
      for (const to of addresses) await mailer.send({ to, subject: "Invited", text: "Welcome." });
      for (const to of addresses)
        expect((await burstSink.take(to, 10_000)).subject).toBe("Invited");
    } finally {
      await app.close();
      await burstSink.close();
    }
  }, 30_000);
});

describe("unreferenced mail files", () => {
  it("deletes the files no message refers to, and leaves a message still being sent alone", async () => {
    const files = storage();
    const mailer = createMailer({ db: ctx.db, storage: files });
    const { id: kept } = await mailer.send({
      to: "a@example.org",
      subject: "Quote",
      text: "Attached.",
      attachments: [{ filename: "quote.pdf", contentType: "application/pdf", content: cards }],
    });
    const keptKey = (await rowOf(ctx, kept))?.attachments[0]?.storageKey;
    // A message whose list no longer names a file it once stored (withheld since).
    await files.put(`mail/${kept}/1-login-cards.pdf`, cards);
    // A message whose row is gone, and one mid-send: its row has no attachment list yet.
    await files.put("mail/999999/0-login-cards.pdf", cards);
    const [sending] = await ctx.db
      .insert(mailOutbox)
      .values({ to: "b@example.org", subject: "Sending", text: "", transport: "outbox" })
      .returning();
    const sendingKey = `mail/${sending?.id}/0-quote.pdf`;
    await files.put(sendingKey, cards);

    expect(await deleteUnreferencedMailFiles(ctx.db, files)).toBe(2);
    expect((await files.list("mail")).sort()).toEqual([keptKey, sendingKey].sort());
    expect(await deleteUnreferencedMailFiles(ctx.db, files)).toBe(0);
  });
});
