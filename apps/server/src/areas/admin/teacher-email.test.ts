import { EMAIL_RECIPIENTS_MAX } from "@refrain/domain";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../test/authorization.ts";
import { catalogLessons, examAttempt } from "../../../test/learning.ts";
import { mailAppForFile } from "../../../test/own-app.ts";
import { LIMITS } from "../../core/limits.ts";
import {
  assignments,
  auditLog,
  mailOutbox,
  recordingGrades,
  recordings,
} from "../../db/schema/index.ts";

const ctx = mailAppForFile({ PUBLIC_URL: "https://refrain.example.com" });

const URL = "/teacher/email/endpoint";
// Minutes ago: inside the school year the summary covers, whatever day the tests run.
const recently = () => new Date(Date.now() - 5 * 60_000);

/** A teacher signed in; `send` mails the colleague's summary to `emails`. */
async function signedInTeacher() {
  const school = await ctx.factories.school({ name: "Maple Grove Elementary" });
  const teacher = await ctx.factories.user({ role: "teacher", schoolId: school.id });
  const client = ctx.client();
  await client.signIn(teacher);
  const send = (emails: string[], message = "") =>
    client.post(URL, { type: "send", view: "colleague", message, emails });
  return { teacher, client, send };
}

/** A graded reading of `kind` at `wpm` words per minute with `errors` errors. */
async function reading(studentId: number, lessonId: number, kind: string, wpm: number) {
  const [row] = await ctx.db
    .insert(recordings)
    .values({
      studentId,
      lessonId,
      classification: kind as "cold_read",
      status: "complete",
      createdAt: recently(),
    })
    .returning({ id: recordings.id });
  const recordingId = row?.id as number;
  await ctx.db.insert(recordingGrades).values({
    recordingId,
    accuracy: -2,
    expression: 3,
    selectedWordIds: [],
    wpm,
  });
  await ctx.db
    .update(recordings)
    .set({ gradedAt: new Date() })
    .where(eq(recordings.id, recordingId));
}

const outboxTo = (addresses: string[]) =>
  ctx.db.select().from(mailOutbox).where(inArray(mailOutbox.to, addresses));

describe("POST /teacher/email/endpoint", () => {
  it("lets class owners in: teachers and parents; nobody else", async () => {
    const world = await roleClients(ctx);
    expect(
      await checkMatrix(world, {
        method: "POST",
        url: URL,
        body: { type: "preview", view: "colleague", message: "Hello" },
        expect: { anonymous: 401, teacher: 200, parent: 200 },
        otherwise: 403,
      }),
    ).toEqual([]);
  });

  it("previews the teacher's words as text, and their class's figures this school year", async () => {
    const { teacher, client } = await signedInTeacher();
    const student = await ctx.factories.user({ role: "student", teacherId: teacher.id });
    await ctx.factories.user({ role: "student", teacherId: teacher.id });
    const { second } = await catalogLessons(ctx);
    const lessonId = second[0] as number;
    for (const [day, percent] of [
      [1, 80],
      [2, 90],
      [3, 100],
    ] as const)
      await examAttempt(ctx, {
        studentId: student.id,
        lessonId,
        day,
        attempt: 1,
        correct: percent,
        solved: 100,
        createdAt: recently(),
      });
    await ctx.db.insert(assignments).values({
      studentId: student.id,
      lessonId,
      assignedBy: "auto",
      status: "completed",
      completedAt: recently(),
    });
    await reading(student.id, lessonId, "cold_read", 62);
    await reading(student.id, lessonId, "hot_read", 83);

    const reply = await client.post(URL, {
      type: "preview",
      view: "school_admin",
      message: "Look at this <script>alert(1)</script> & more",
    });
    expect(reply.status).toBe(200);
    const { html } = reply.body;
    expect(html).toContain("Look at this &lt;script&gt;alert(1)&lt;/script&gt; &amp; more");
    expect(html).not.toContain("<script>");
    expect(html).toContain("Maple Grove Elementary");
    const row = (label: string) => new RegExp(`${label}</th><td[^>]*><strong>([^<]*)<`);
    expect(html).toMatch(row("Students"));
    expect(html.match(row("Students"))?.[1]).toBe("2");
    expect(html.match(row("Students who worked on a lesson"))?.[1]).toBe("1");
    expect(html.match(row("Lessons completed"))?.[1]).toBe("1");
    expect(html.match(row("Average exam score"))?.[1]).toBe("90%");
    expect(html.match(row("First read of a lesson \\(cold read\\)"))?.[1]).toBe(
      "60 words correct/min",
    );
    expect(html.match(row("After practice \\(hot read\\)"))?.[1]).toBe("81 words correct/min");
    expect(html).toContain('href="https://refrain.example.com/du-summary"');
    expect(html).toContain('href="https://refrain.example.com/quote"');
    // A preview mails nobody.
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.html, html))).toEqual([]);
  });

  it("sends to the valid addresses only, each its own message with replies to the teacher", async () => {
    const { teacher, send } = await signedInTeacher();
    const reply = await send(
      ["ana@school.example", "not an address", "", " ben@school.example ", "ana@school.example"],
      "Try it with your class.",
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: "Sent to 2 addresses", sent: 2 });
    const mails = await outboxTo(["ana@school.example", "ben@school.example", "not an address"]);
    expect(mails.map((m) => m.to).sort()).toEqual(["ana@school.example", "ben@school.example"]);
    expect(mails[0]?.text).toContain("Try it with your class.");
    expect(mails[0]?.subject).toContain(teacher.firstName);
    const received = await ctx.sink.take("ben@school.example");
    expect(received.replyTo).toContain(teacher.email);
    expect(received.text).toContain("Try it with your class.");
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, teacher.id), eq(auditLog.action, "teacher.summary_email")));
    expect(audit?.details).toMatchObject({ view: "colleague", to: expect.any(Array) });
  });

  it("refuses more than the most addresses at once, and a list with no valid address", async () => {
    const { send } = await signedInTeacher();
    const many = Array.from(
      { length: EMAIL_RECIPIENTS_MAX + 1 },
      (_, i) => `many${i}@school.example`,
    );
    const tooMany = await send(many);
    expect(tooMany.status).toBe(422);
    const none = await send(["nobody", "still@nobody"]);
    expect(none.status).toBe(422);
    expect(await outboxTo([...many, "nobody", "still@nobody"])).toEqual([]);
  });

  it("counts every recipient against the teacher's daily allowance and refuses a send that would pass it", async () => {
    const { send } = await signedInTeacher();
    const limit = LIMITS.summaryMailsPerTeacher.limit;
    const batch = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => `${tag}${i}@limit.example`);
    // Fill the allowance in sends of at most EMAIL_RECIPIENTS_MAX until three are left.
    const left = 3;
    for (let sent = 0, round = 0; sent < limit - left; round++) {
      const n = Math.min(EMAIL_RECIPIENTS_MAX, limit - left - sent);
      const reply = await send(batch(n, `r${round}-`));
      expect(reply.status).toBe(200);
      sent += n;
    }
    const over = batch(left + 1, "over");
    const refused = await send(over);
    expect(refused.status).toBe(429);
    expect(await outboxTo(over)).toEqual([]);
    // The refused send spent nothing: what is left still goes.
    const rest = await send(batch(left, "rest"));
    expect(rest.body.sent).toBe(left);
  });
});
