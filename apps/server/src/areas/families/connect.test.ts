import { connectMessages } from "@refrain/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../test/authorization.ts";
import { catalogLessons } from "../../../test/learning.ts";
import { mailAppForFile } from "../../../test/own-app.ts";
import {
  assignments,
  auditLog,
  examAttempts,
  familyPreferences,
  mailOutbox,
  users,
} from "../../db/schema/index.ts";

const ctx = mailAppForFile({ PUBLIC_URL: "https://refrain.example" });

const BASE = "/teacher/parentConnect";
let seq = 0;

/** A signed-in teacher with students; each student's parent gets `prefs` and an address. */
async function classOf(
  ...students: { prefs?: Partial<typeof familyPreferences.$inferInsert>; email?: string | null }[]
) {
  const teacher = await ctx.factories.user({
    role: "teacher",
    firstName: "Rosa",
    lastName: "Diaz",
  });
  const client = ctx.client();
  await client.signIn(teacher);
  const made = [];
  for (const s of students) {
    const n = ++seq;
    const row = await ctx.factories.user({
      role: "student",
      teacherId: teacher.id,
      firstName: `Kid${n}`,
      lastName: `Zed${n}`,
    });
    const parentEmail = s.email === undefined ? `connect${n}@example.org` : s.email;
    await ctx.db.update(users).set({ parentEmail }).where(eq(users.id, row.id));
    if (s.prefs) await ctx.db.insert(familyPreferences).values({ studentId: row.id, ...s.prefs });
    made.push({ ...row, parentEmail });
  }
  return { teacher, client, students: made };
}

const on = { prefs: { sendParentEmails: true } };
const send = (subject = "Hello", extra: Record<string, unknown> = {}) => ({
  subject,
  custom_message: "",
  ...extra,
});
const outboxTo = (to: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe("Parent Connect", () => {
  it("lists only the parents who can be mailed now, by name", async () => {
    const at = new Date();
    const { client, students } = await classOf(
      on,
      { prefs: { sendParentEmails: true, parentEmailsUnsubscribedAt: at } },
      { prefs: { sendParentEmails: true, bouncingAt: at } },
      { prefs: { sendWeeklyReport: true } },
      { email: null, prefs: { sendParentEmails: true } },
      {},
    );
    const reply = await client.get(`${BASE}/mailableStudents`);
    expect(reply.status).toBe(200);
    const first = students[0] as (typeof students)[number];
    expect(reply.body.data.students).toEqual([
      {
        id: first.id,
        name: `${first.firstName} ${first.lastName}`,
        parentEmail: first.parentEmail,
        selected: false,
      },
    ]);
  });

  it("browses the templates in English, the message editor where the token list says", async () => {
    const { client } = await classOf();
    const reply = await client.get(`${BASE}/templates`);
    expect(reply.status).toBe(200);
    const templates = reply.body.data.templates as {
      id: string;
      subject: string;
      token_list: string[];
    }[];
    expect(templates.map((t) => t.id)).toEqual([
      "welcome",
      "sign-in-at-home",
      "recording-permission",
      "progress-note",
      "blank-note",
    ]);
    const blank = templates.find((t) => t.id === "blank-note");
    expect(blank).toMatchObject({ subject: "A note from {teacher_name}" });
    expect(blank?.token_list).toContain("custom_message");
    expect(templates.find((t) => t.id === "welcome")?.token_list).not.toContain("custom_message");
  });

  it("previews the first chosen student's mail in that parent's language", async () => {
    const { client, students } = await classOf(
      { prefs: { sendParentEmails: true, language: "es" } },
      on,
    );
    const [es, en] = students.map((s) => s.id);
    const subject = "How {student_first_name} signs in to Refrain at home";
    const reply = await client.post(`${BASE}/preview/sign-in-at-home`, {
      ...send(subject),
      student_ids: [es, en],
    });
    expect(reply.status).toBe(200);
    const first = students[0] as (typeof students)[number];
    expect(reply.body.data.subject).toBe(`Cómo entra ${first.firstName} a Refrain desde casa`);
    const { body } = reply.body.data;
    expect(body).toContain('lang="es"');
    expect(body).toContain(first.username);
    expect(body).toContain("https://refrain.example/student/login");
    // The password is on the login card, never in the mail.
    expect(body).not.toContain(first.password);
    // A preview sends nothing.
    expect(await outboxTo(first.parentEmail as string)).toEqual([]);
  });

  it("sends one message per parent through SMTP with one-click unsubscribe, and audits each", async () => {
    const { client, students, teacher } = await classOf(
      { prefs: { sendParentEmails: true, language: "es" } },
      on,
    );
    const ids = students.map((s) => s.id);
    const reply = await client.post(`${BASE}/sendMail/blank-note`, {
      subject: "A note from {teacher_name}",
      custom_message: "Field trip on Friday.\n\nBring a <b>lunch</b>.",
      student_ids: ids,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      queued: 2,
      message: connectMessages.queued(2),
    });

    const [es, en] = students as [(typeof students)[number], (typeof students)[number]];
    const spanish = await ctx.sink.take(es.parentEmail as string);
    expect(spanish.subject).toBe("Una nota de Rosa Diaz");
    expect(spanish.headers["list-unsubscribe"]).toMatch(
      /^<https:\/\/refrain\.example\/u\/[\w-]{28}>$/,
    );
    expect(spanish.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(spanish.replyTo).toBe(teacher.email);
    expect(spanish.text).toContain("Field trip on Friday.");
    expect(spanish.text).toContain("Bring a <b>lunch</b>.");
    expect(spanish.html).toContain("&lt;b&gt;lunch");
    const english = await ctx.sink.take(en.parentEmail as string);
    expect(english.subject).toBe("A note from Rosa Diaz");

    const audits = await ctx.db
      .select({ target: auditLog.targetId })
      .from(auditLog)
      .where(and(eq(auditLog.action, "families.parent_mail"), eq(auditLog.actorId, teacher.id)));
    expect(audits.map((a) => a.target).sort()).toEqual([...ids].sort());
  });

  it("uses the teacher's edited subject for every parent, tokens filled", async () => {
    const { client, students } = await classOf({
      prefs: { sendParentEmails: true, language: "es" },
    });
    const s = students[0] as (typeof students)[number];
    const reply = await client.post(`${BASE}/preview/welcome`, {
      ...send("Hi {student_first_name} {unknown}"),
      student_ids: [s.id],
    });
    expect(reply.body.data.subject).toBe(`Hi ${s.firstName} {unknown}`);
  });

  it("writes the progress note with the student's own numbers this school year", async () => {
    const { client, students } = await classOf(on);
    const s = students[0] as (typeof students)[number];
    const lessonIds = (await catalogLessons(ctx)).second;
    const [a, b] = lessonIds as [number, number];
    const now = new Date();
    await ctx.db.insert(assignments).values([
      {
        studentId: s.id,
        lessonId: a,
        assignedBy: "teacher",
        status: "completed",
        completedAt: now,
      },
      { studentId: s.id, lessonId: b, assignedBy: "teacher", status: "started" },
    ]);
    await ctx.db.insert(examAttempts).values([
      {
        studentId: s.id,
        lessonId: a,
        day: 1,
        attempt: 1,
        answers: [],
        correct: 4,
        solved: 5,
        percent: 80,
      },
      {
        studentId: s.id,
        lessonId: a,
        day: 2,
        attempt: 1,
        answers: [],
        correct: 9,
        solved: 10,
        percent: 90,
      },
    ]);
    const reply = await client.post(`${BASE}/preview/progress-note`, {
      ...send("{student_first_name}'s reading progress", { custom_message: "Great effort!" }),
      student_ids: [s.id],
    });
    expect(reply.status).toBe(200);
    const { body } = reply.body.data;
    expect(body).toContain(`${s.firstName} has finished 1 lesson this school year.`);
    expect(body).toMatch(/lesson exams this school year is 85%/);
    expect(body).toContain("Great effort!");
  });

  it("skips a parent who unsubscribed since the list was loaded", async () => {
    const { client, students } = await classOf(on, on);
    const [kept, gone] = students as [(typeof students)[number], (typeof students)[number]];
    await ctx.db
      .update(familyPreferences)
      .set({ parentEmailsUnsubscribedAt: new Date() })
      .where(eq(familyPreferences.studentId, gone.id));
    const reply = await client.post(`${BASE}/sendMail/welcome`, {
      ...send(),
      student_ids: [kept.id, gone.id],
    });
    expect(reply.body).toMatchObject({ queued: 1 });
    expect(reply.body.message).toContain(connectMessages.skipped(1));
    await ctx.sink.take(kept.parentEmail as string);
    expect(await outboxTo(gone.parentEmail as string)).toEqual([]);
  });

  it("answers 404 for an unknown template and for another teacher's student, sending nothing", async () => {
    const mine = await classOf(on);
    const theirs = await classOf(on);
    const me = mine.students[0] as (typeof mine.students)[number];
    const other = theirs.students[0] as (typeof theirs.students)[number];
    for (const path of ["preview", "sendMail"]) {
      const unknown = await mine.client.post(`${BASE}/${path}/no-such`, {
        ...send(),
        student_ids: [me.id],
      });
      expect(unknown.status).toBe(404);
      const stolen = await mine.client.post(`${BASE}/${path}/welcome`, {
        ...send(),
        student_ids: [me.id, other.id],
      });
      expect(stolen.status).toBe(404);
    }
    expect(await outboxTo(me.parentEmail as string)).toEqual([]);
    expect(await outboxTo(other.parentEmail as string)).toEqual([]);
  });

  it("refuses §5's missing parts with 422 against the field", async () => {
    const { client, students } = await classOf(on);
    const id = (students[0] as (typeof students)[number]).id;
    const cases: [string, Record<string, unknown>, string, string][] = [
      ["welcome", { subject: "Hi", student_ids: [] }, "student_ids", connectMessages.noStudents],
      ["welcome", { subject: "  ", student_ids: [id] }, "subject", connectMessages.noSubject],
      [
        "blank-note",
        { subject: "Hi", custom_message: " ", student_ids: [id] },
        "custom_message",
        connectMessages.noCustomMessage,
      ],
    ];
    for (const [template, body, field, message] of cases) {
      const reply = await client.post(`${BASE}/sendMail/${template}`, body);
      expect([template, reply.status]).toEqual([template, 422]);
      expect(reply.body.errors[field]).toEqual([message]);
    }
  });

  it("lets only class owners in", async () => {
    const world = await roleClients(ctx);
    for (const url of [`${BASE}/mailableStudents`, `${BASE}/templates`])
      expect(
        await checkMatrix(world, {
          method: "GET",
          url,
          expect: { anonymous: 401, teacher: 200, parent: 200 },
          otherwise: 403,
        }),
      ).toEqual([]);
    // The world's student is its teacher's: a parent account reads it as missing.
    expect(
      await checkMatrix(world, {
        method: "POST",
        url: `${BASE}/preview/welcome`,
        body: { subject: "Hi", student_ids: [world.people.student.id] },
        expect: { anonymous: 401, teacher: 200, parent: 404 },
        otherwise: 403,
      }),
    ).toEqual([]);
  });
});
