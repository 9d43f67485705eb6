import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestClient, type TestContext } from "../../test/build-test-app.ts";
import { deleteUnreferencedMailFiles, SECRET_MARKER } from "../adapters/mail.ts";
import { dataFiles } from "../adapters/storage.ts";
import { issueToken } from "../areas/auth/index.ts";
import { fromPglite, migrationsFolder } from "./client.ts";
import { loginTokens, mailOutbox, type OutboxAttachment } from "./schema/index.ts";

const TAG = "0006_scrub_outbox_secrets";
const journalPath = (folder: string) => join(folder, "meta", "_journal.json");
const migrationSql = readFileSync(join(migrationsFolder, `${TAG}.sql`), "utf8");

/** Sign-in and reset mails as the outbox kept them before it hid secrets: link and all. */
const oldLetters = (emailLink: string, resetLink: string) => [
  {
    to: "admin@example.org",
    subject: "Your Refrain login link",
    text: `Hello,\n\nClick the link below to sign in.\n\n${emailLink}\n\nThe Refrain team`,
    html: `<p>Hello,</p>\n<p><a href="${emailLink}">Sign in to Refrain</a></p>`,
    transport: "outbox" as const,
  },
  {
    to: "admin@example.org",
    subject: "Reset your Refrain password",
    text: `To choose a new password, open the link below.\n\n${resetLink}\n`,
    html: `<p><a href="${resetLink}">Choose a new password</a></p>`,
    transport: "outbox" as const,
  },
];

const cardsMail = (storageKeys: [string, string]) => ({
  to: "teacher@example.org",
  subject: "Student login cards for your class",
  text: "Attached are printable login cards for the 2 students in your class.",
  attachments: [
    { filename: "notes.txt", contentType: "text/plain", size: 5, storageKey: storageKeys[0] },
    {
      filename: "login-cards.pdf",
      contentType: "application/pdf",
      size: 14,
      storageKey: storageKeys[1],
    },
  ] satisfies OutboxAttachment[],
});

describe(`migration ${TAG}`, () => {
  it("scrubs a database migrated before it: links become the marker, login cards withheld, unused tokens spent", async () => {
    // The migrations folder as it was just before this migration.
    const before = mkdtempSync(join(tmpdir(), "refrain-migrations-"));
    cpSync(migrationsFolder, before, { recursive: true });
    const journal = JSON.parse(readFileSync(journalPath(before), "utf8"));
    const at = journal.entries.findIndex((entry: { tag: string }) => entry.tag === TAG);
    expect(at).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, at);
    writeFileSync(journalPath(before), JSON.stringify(journal));

    const client = await PGlite.create();
    const database = fromPglite(client);
    try {
      await migrate(drizzle({ client }), { migrationsFolder: before });
      const db = database.db;
      // Plain SQL: the rows as the tables were then, whatever the schema says later.
      const { rows: inserted } = await client.query<{ id: number }>(
        "insert into users (role, username, email) values ('district_admin', 'dadmin', 'admin@example.org') returning id",
      );
      const userId = inserted[0]?.id as number;
      await issueToken(db, userId, "password_reset");
      const usedAt = new Date("2026-01-01T00:00:00Z");
      await db.update(loginTokens).set({ usedAt });
      const emailToken = await issueToken(db, userId, "email_login");
      const resetToken = await issueToken(db, userId, "password_reset");
      const [letter, reset] = oldLetters(
        `https://refrain.example.com/auth/email-link/${emailToken}`,
        `http://localhost:3000/password/reset/${resetToken}`,
      );
      const cards = cardsMail(["mail/3/0-notes.txt", "mail/3/1-login-cards.pdf"]);
      const insertMail =
        "insert into mail_outbox (\"to\", subject, text, html, attachments, transport) values ($1, $2, $3, $4, $5, 'outbox')";
      for (const mail of [letter, reset])
        await client.query(insertMail, [mail?.to, mail?.subject, mail?.text, mail?.html, "[]"]);
      await client.query(insertMail, [
        cards.to,
        cards.subject,
        cards.text,
        null,
        JSON.stringify(cards.attachments),
      ]);
      await client.query(insertMail, ["x@example.org", "Quote", "See /quotes/Q-1.pdf", null, "[]"]);

      await database.migrate();

      const rows = await db.select().from(mailOutbox).orderBy(mailOutbox.id);
      expect(rows.map((r) => [r.text, r.html])).toEqual([
        [
          `Hello,\n\nClick the link below to sign in.\n\n${SECRET_MARKER}\n\nThe Refrain team`,
          `<p>Hello,</p>\n<p><a href="${SECRET_MARKER}">Sign in to Refrain</a></p>`,
        ],
        [
          `To choose a new password, open the link below.\n\n${SECRET_MARKER}\n`,
          `<p><a href="${SECRET_MARKER}">Choose a new password</a></p>`,
        ],
        ["Attached are printable login cards for the 2 students in your class.", null],
        ["See /quotes/Q-1.pdf", null],
      ]);
      expect(rows[2]?.attachments).toEqual([
        {
          filename: "notes.txt",
          contentType: "text/plain",
          size: 5,
          storageKey: "mail/3/0-notes.txt",
        },
        { filename: "login-cards.pdf", contentType: "application/pdf", size: 14, storageKey: null },
      ]);
      const tokens = await db.select().from(loginTokens).orderBy(loginTokens.createdAt);
      expect(tokens).toHaveLength(3);
      // The token used long ago keeps its time; the two unused ones are spent now.
      expect(tokens.map((t) => t.usedAt?.getTime() === usedAt.getTime())).toEqual([
        true,
        false,
        false,
      ]);
      for (const token of tokens) expect(token.usedAt).toBeInstanceOf(Date);
    } finally {
      await database.close();
    }
  });
});

describe(`an install that ran ${TAG}`, () => {
  let ctx: TestContext;
  let staff: TestClient;
  beforeAll(async () => {
    ctx = await buildTestApp();
    const person = await ctx.factories.user({ role: "staff" });
    staff = ctx.client();
    await staff.signIn(person);
  });
  afterAll(() => ctx.close());

  it("shows staff no usable link or login cards, opens no account, and its files go at start-up", async () => {
    const admin = await ctx.factories.user({ role: "district_admin" });
    const emailToken = await issueToken(ctx.db, admin.id, "email_login");
    const resetToken = await issueToken(ctx.db, admin.id, "password_reset");
    const [letter] = await ctx.db
      .insert(mailOutbox)
      .values(
        oldLetters(
          `${ctx.config.PUBLIC_URL}/auth/email-link/${emailToken}`,
          `${ctx.config.PUBLIC_URL}/password/reset/${resetToken}`,
        ),
      )
      .returning();
    const [{ id: cardsId } = { id: 0 }] = await ctx.db
      .insert(mailOutbox)
      .values({ ...cardsMail(["", ""]), attachments: [], transport: "outbox" })
      .returning();
    const keys: [string, string] = [
      `mail/${cardsId}/0-notes.txt`,
      `mail/${cardsId}/1-login-cards.pdf`,
    ];
    const files = dataFiles(ctx.config.DATA_DIR);
    await files.put(keys[0], Buffer.from("notes"));
    await files.put(keys[1], Buffer.from("%PDF-passwords"));
    await ctx.db
      .update(mailOutbox)
      .set({ attachments: cardsMail(keys).attachments })
      .where(eq(mailOutbox.id, cardsId));

    // The template database already ran every migration: this one runs again on the old rows,
    // on whichever engine the tests use (PGlite, or PostgreSQL with TEST_DATABASE_URL).
    for (const statement of migrationSql.split("--> statement-breakpoint"))
      await ctx.db.execute(sql.raw(statement));

    const outbox = await staff.get("/staff/outbox");
    expect(outbox.status).toBe(200);
    const body = JSON.stringify(outbox.body);
    expect(body).not.toContain(emailToken);
    expect(body).not.toContain(resetToken);
    const shown = outbox.body.data.messages.find((m: { id: number }) => m.id === letter?.id);
    expect(shown.text).toContain(SECRET_MARKER);
    const cards = outbox.body.data.messages.find((m: { id: number }) => m.id === cardsId);
    expect(cards.attachments.map((a: { withheld: boolean }) => a.withheld)).toEqual([false, true]);
    expect((await staff.get(`/staff/outbox/${cardsId}/attachments/1`)).status).toBe(404);
    expect((await staff.get(`/staff/outbox/${cardsId}/attachments/0`)).status).toBe(200);

    // Someone who copied a link from the outbox before the upgrade gets nowhere.
    const thief = ctx.client();
    expect((await thief.post(`/auth/email-link/${emailToken}`)).status).toBe(410);
    expect((await thief.get(`/password/reset/${resetToken}`)).status).toBeGreaterThanOrEqual(400);

    expect(await deleteUnreferencedMailFiles(ctx.db, files)).toBe(1);
    expect(await files.get(keys[1])).toBeNull();
    expect(await files.get(keys[0])).toEqual(Buffer.from("notes"));
  });
});
