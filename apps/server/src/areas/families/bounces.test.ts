import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../../test/build-test-app.ts";
import { parentMailDeps } from "../../../test/parent-mail.ts";
import { type SmtpSink, startSmtpSink } from "../../../test/smtp-sink.ts";
import { familyPreferences, mailOutbox, users } from "../../db/schema/index.ts";
import { paragraph } from "../../mail-layout.ts";
import { markBouncing } from "./bounces.ts";
import { sendParentMail } from "./parent-mail.ts";

let ctx: TestContext;
let sink: SmtpSink;
beforeAll(async () => {
  // A mailbox that no longer exists (550), and one whose server asks to try later (450).
  sink = await startSmtpSink({
    reject: (address) =>
      address.startsWith("gone") ? 550 : address.startsWith("busy") ? 450 : null,
  });
  ctx = await buildTestApp({ SMTP_URL: sink.url });
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

const deps = () => parentMailDeps(ctx);

async function student(parentEmail: string) {
  const teacher = await ctx.factories.user({ role: "teacher" });
  const row = await ctx.factories.user({ role: "student", teacherId: teacher.id });
  await ctx.db.update(users).set({ parentEmail }).where(eq(users.id, row.id));
  await ctx.db.insert(familyPreferences).values({ studentId: row.id, sendParentEmails: true });
  return row.id;
}

const send = (studentId: number) =>
  sendParentMail(deps(), {
    student: studentId,
    list: "parent_emails",
    compose: () => ({ subject: "Hello", content: paragraph("A note.") }),
  });

async function bouncingAt(studentId: number) {
  const [row] = await ctx.db
    .select({ at: familyPreferences.bouncingAt })
    .from(familyPreferences)
    .where(eq(familyPreferences.studentId, studentId));
  return row?.at ?? null;
}

/** Sends the student's family a mail, and answers its outbox row and mail jobs once delivered. */
async function delivered(studentId: number) {
  const sent = await send(studentId);
  if (sent.status !== "queued") throw new Error("not queued");
  await ctx.app.whenIdle();
  const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, sent.outboxId));
  const { rows } = (await ctx.db.execute(
    sql`select state from pgboss.job where name = 'mail' and (data->>'id')::int = ${sent.outboxId}`,
  )) as unknown as { rows: { state: string }[] };
  return { row, states: rows.map((r) => r.state) };
}

describe("a parent's address refused by the mail server", () => {
  it("is marked bouncing after a 550, the job ends, and no more mail goes to it", async () => {
    const id = await student("gone@example.org");
    const { row, states } = await delivered(id);
    expect(row?.error).toContain("550");
    expect(row?.sentAt).toBeNull();
    expect(states).toEqual(["completed"]);
    const first = await bouncingAt(id);
    expect(first).toBeInstanceOf(Date);
    expect(await send(id)).toEqual({ status: "skipped", reason: "bouncing" });
  });

  it("keeps retrying after a 450, which is only a delay", async () => {
    const id = await student("busy@example.org");
    const { row, states } = await delivered(id);
    expect(row?.error).toContain("450");
    expect(states).toEqual(["retry"]);
    expect(await bouncingAt(id)).toBeNull();
  });

  it("leaves an address the teacher replaced after the mail was queued alone", async () => {
    const id = await student("gone.soon@example.org");
    await ctx.db.update(users).set({ parentEmail: "fixed@example.org" }).where(eq(users.id, id));
    expect(await markBouncing(ctx.db, id, "gone.soon@example.org")).toBe(false);
    expect(await bouncingAt(id)).toBeNull();
    // The address still on file: case aside, the same mailbox.
    expect(await markBouncing(ctx.db, id, "Fixed@example.org")).toBe(true);
    expect(await bouncingAt(id)).toBeInstanceOf(Date);
  });
});
