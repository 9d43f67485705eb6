import { currentWindow, dayOf, defaultWindows, schoolYearOf, weekStartOf } from "@refrain/domain";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix, type RoleWorld, roleClients } from "../../../test/authorization.ts";
import { assignLesson, catalogLessons } from "../../../test/learning.ts";
import { mailAppForFile } from "../../../test/own-app.ts";
import { screenedOn } from "../../../test/screening.ts";
import type { Jobs } from "../../core/jobs.ts";
import {
  classSettings,
  examAttempts,
  familyPreferences,
  lessons,
  mailOutbox,
  readAlongs,
  recordingGrades,
  recordings,
  studentFeedback,
  timeOnTask,
  users,
  weeklyReports,
} from "../../db/schema/index.ts";
import { jobMailer, runWeeklyReport, type WeeklyReportDeps } from "./weekly/job.ts";

const ctx = mailAppForFile();
let lessonIds: number[];
let titles: Map<number, string>;
beforeAll(async () => {
  lessonIds = (await catalogLessons(ctx)).second;
  const rows = await ctx.db.select({ id: lessons.id, title: lessons.title }).from(lessons);
  titles = new Map(rows.map((r) => [r.id, r.title]));
}, 60_000);

const lesson = (i: number) => lessonIds[i] as number;
const title = (i: number) => titles.get(lesson(i)) as string;

let seq = 0;
/** A teacher whose class setting sends the weekly report (or not). */
async function classOf(sendWeeklyReport = true) {
  const teacher = await ctx.factories.user({
    role: "teacher",
    firstName: "Rosa",
    lastName: "Diaz",
  });
  await ctx.db.insert(classSettings).values({ teacherId: teacher.id, sendWeeklyReport });
  return teacher;
}

/** A student whose parent gets the weekly report, with `prefs` changing that. */
async function subscribed(
  teacherId: number,
  prefs: Partial<typeof familyPreferences.$inferInsert> = {},
  firstName = "Ana",
) {
  const student = await ctx.factories.user({ role: "student", teacherId, firstName });
  const parentEmail = `parent${++seq}@example.org`;
  await ctx.db.update(users).set({ parentEmail }).where(eq(users.id, student.id));
  await ctx.db
    .insert(familyPreferences)
    .values({ studentId: student.id, sendWeeklyReport: true, ...prefs });
  return { ...student, parentEmail };
}

/** A busy week: two lessons, read-alongs, a quiz, a graded reading, minutes and a message. */
async function busyWeek(studentId: number, teacherId: number, at: Date) {
  await ctx.db.insert(readAlongs).values([
    { studentId, lessonId: lesson(0), play: crypto.randomUUID(), createdAt: at },
    { studentId, lessonId: lesson(0), play: crypto.randomUUID(), createdAt: at },
  ]);
  await ctx.db.insert(examAttempts).values([
    {
      studentId,
      lessonId: lesson(1),
      day: 1,
      attempt: 1,
      answers: [],
      correct: 2,
      solved: 5,
      percent: 40,
      createdAt: at,
    },
    {
      studentId,
      lessonId: lesson(1),
      day: 1,
      attempt: 2,
      answers: [],
      correct: 4,
      solved: 5,
      percent: 80,
      createdAt: at,
    },
  ]);
  const [reading] = await ctx.db
    .insert(recordings)
    .values({
      studentId,
      lessonId: lesson(1),
      classification: "cold_read",
      status: "complete",
      createdAt: at,
    })
    .returning({ id: recordings.id });
  await ctx.db.insert(recordingGrades).values({
    recordingId: reading?.id as number,
    accuracy: -3,
    expression: 3,
    selectedWordIds: [],
    wpm: 64,
  });
  await ctx.db.insert(timeOnTask).values({
    userId: studentId,
    kind: "reading",
    day: at.toISOString().slice(0, 10),
    seconds: 25 * 60 + 30,
    lastBeatAt: at,
  });
  await ctx.db
    .insert(studentFeedback)
    .values({ studentId, teacherId, message: "Great singing on Tuesday!" });
  await assignLesson(ctx, studentId, lesson(2));
}

const preview = (client: RoleWorld["clients"]["teacher"], id: number) =>
  client.get(`/teacher/students/parents/preview/${id}`);

describe("GET /teacher/students/parents/preview/:studentId", () => {
  it("lets only the student's teacher see it", async () => {
    const world = await roleClients(ctx);
    const mismatches = await checkMatrix(world, {
      method: "GET",
      url: (w) => `/teacher/students/parents/preview/${w.people.student.id}`,
      // A parent account owns a class of its own, which does not hold this student.
      expect: { anonymous: 401, teacher: 200, parent: 404 },
      otherwise: 403,
    });
    expect(mismatches).toEqual([]);
  });

  it("answers 404 for another teacher's student and for no student", async () => {
    const teacher = await classOf();
    const other = await classOf();
    const theirs = await subscribed(other.id);
    const client = ctx.client();
    await client.signIn(teacher);
    expect((await preview(client, theirs.id)).status).toBe(404);
    expect((await preview(client, 999_999)).status).toBe(404);
    expect((await preview(client, teacher.id)).status).toBe(404);
  });

  it("renders this week's real report in the parent's language, without the parent's link", async () => {
    const teacher = await classOf();
    const ana = await subscribed(teacher.id, { language: "es" });
    await busyWeek(ana.id, teacher.id, new Date());
    const client = ctx.client();
    await client.signIn(teacher);
    const reply = await preview(client, ana.id);
    expect(reply.status).toBe(200);
    const { subject, html, language } = reply.body.data;
    expect(language).toBe("es");
    expect(subject).toMatch(
      /^La semana de práctica de lectura de Ana, \d{1,2} \w{3}\.? – \d{1,2} \w{3}\.? \d{4}$/,
    );
    expect(html).toContain('lang="es"');
    expect(html).toContain(title(0));
    expect(html).toContain("día 1: 80");
    expect(html).toContain("61 palabras correctas por minuto");
    expect(html).toContain("practicó 25 minutos");
    expect(html).toContain("Great singing on Tuesday!");
    expect(html).toContain(`Lo que sigue: ${title(2)}`);
    expect(html).not.toMatch(/\/u\/[\w-]{28}/);
    // A preview sends nothing.
    await ctx.jobs.idle();
    expect(ctx.sink.received.filter((m) => m.to.includes(ana.parentEmail))).toEqual([]);
  });

  it("says the window's screening result in plain words, in the parent's language", async () => {
    const today = dayOf(new Date());
    const standing = currentWindow(today, defaultWindows(schoolYearOf(today)));
    const teacher = await classOf();
    const client = ctx.client();
    await client.signIn(teacher);
    const screened = async (language: "en" | "es", wpm: number) => {
      const student = await subscribed(teacher.id, { language }, "Lia");
      await ctx.db.update(users).set({ planId: 9 }).where(eq(users.id, student.id));
      await screenedOn(ctx, student.id, 3, standing.start, [wpm, wpm, wpm]);
      return (await preview(client, student.id)).body.data.html as string;
    };
    const season = {
      fall: ["fall", "otoño"],
      winter: ["winter", "invierno"],
      spring: ["spring", "primavera"],
    }[standing.season];
    expect(await screened("en", 150)).toContain(`Lia is reading at grade level for ${season[0]}`);
    expect(await screened("es", 20)).toContain(
      `Lia lee por debajo del nivel de su grado en ${season[1]}`,
    );
    // Not a number a parent would read alone.
    expect(await screened("en", 20)).not.toMatch(/percentile/i);
  });

  it("ends the next lesson's sentence once when its title has a stop of its own", async () => {
    const [kite] = await ctx.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.title, "Fly, Kite, Fly!"));
    const teacher = await classOf();
    const client = ctx.client();
    await client.signIn(teacher);
    for (const [language, sentence] of [
      ["en", "Next up: Fly, Kite, Fly!"],
      ["es", "Lo que sigue: Fly, Kite, Fly!"],
    ] as const) {
      const student = await subscribed(teacher.id, { language });
      await assignLesson(ctx, student.id, kite?.id as number);
      const { html } = (await preview(client, student.id)).body.data;
      expect(html).toContain(sentence);
      expect(html).not.toContain(`${sentence}.`);
    }
    // A title without one still ends the sentence with the message's full stop.
    const plain = await subscribed(teacher.id);
    await assignLesson(ctx, plain.id, lesson(2));
    expect((await preview(client, plain.id)).body.data.html).toContain(`Next up: ${title(2)}.`);
  });
});

describe("the weekly-report job", () => {
  const sent: { queue: string; data: unknown }[] = [];
  let deps: WeeklyReportDeps;
  beforeAll(() => {
    // The app's own queue, recorded, so a test runs the fan-out's class jobs itself.
    const send: Jobs["send"] = async (queue, data) => {
      sent.push({ queue, data });
      if (queue === "mail") await ctx.jobs.send(queue, data);
    };
    deps = {
      db: ctx.db,
      config: ctx.config,
      mailer: jobMailer(ctx.db, ctx.config, send),
      send,
      log: pino({ level: "silent" }),
    };
  });

  /** The schedule's job, then every class job it queued, as workers would run them. */
  async function runWeek(now: Date) {
    sent.length = 0;
    await runWeeklyReport(deps, {}, now);
    const classes = sent.filter((s) => s.queue === "weekly-report").map((s) => s.data);
    for (const job of classes) await runWeeklyReport(deps, job as { teacherId: number }, now);
    await ctx.jobs.idle();
    return classes;
  }

  const mailsTo = (address: string) => ctx.sink.received.filter((m) => m.to.includes(address));

  it("mails each due parent once a week however often it runs, and nobody else", async () => {
    const now = new Date();
    const teacher = await classOf();
    const due = await subscribed(teacher.id, {}, "Ben");
    const spanish = await subscribed(teacher.id, { language: "es" }, "Lucía");
    const optedOut = await subscribed(teacher.id, { sendWeeklyReport: false });
    const unsubscribed = await subscribed(teacher.id, { weeklyReportUnsubscribedAt: now });
    const bouncing = await subscribed(teacher.id, { bouncingAt: now });
    const classOff = await subscribed((await classOf(false)).id);
    // Made a moment before the runs' clock, as the week's work always is.
    await busyWeek(due.id, teacher.id, new Date(now.getTime() - 1));

    const classes = await runWeek(now);
    expect(classes).toContainEqual({ teacherId: teacher.id, weekStart: weekStartOf(now) });
    await runWeek(now);
    // A class job repeated by a retry, or run by two workers at once, finds the week claimed.
    const again = { teacherId: teacher.id, weekStart: weekStartOf(now) };
    await Promise.all([runWeeklyReport(deps, again, now), runWeeklyReport(deps, again, now)]);
    await ctx.jobs.idle();

    expect(mailsTo(due.parentEmail)).toHaveLength(1);
    expect(mailsTo(spanish.parentEmail)).toHaveLength(1);
    for (const nobody of [optedOut, unsubscribed, bouncing, classOff])
      expect(mailsTo(nobody.parentEmail)).toEqual([]);

    const [mail] = mailsTo(due.parentEmail);
    expect(mail?.subject).toMatch(
      /^Ben's week of reading practice, [A-Z][a-z]{2} \d{1,2} – [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    expect(mail?.text).toContain("Ben worked on 2 lessons:");
    expect(mail?.text).toContain("Ben practiced for 25 minutes on Refrain.");
    expect(mail?.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail?.headers["list-unsubscribe"]).toMatch(/^<https?:\/\/.+\/u\/[\w-]{28}>$/);

    const claims = await ctx.db
      .select({ status: weeklyReports.status })
      .from(weeklyReports)
      .where(
        and(eq(weeklyReports.studentId, due.id), eq(weeklyReports.weekStart, weekStartOf(now))),
      );
    expect(claims).toEqual([{ status: "sent" }]);
  });

  it("writes to a Spanish-speaking parent in Spanish, and encourages after a quiet week", async () => {
    const now = new Date();
    const teacher = await classOf();
    const lucia = await subscribed(teacher.id, { language: "es" }, "Lucía");
    await runWeek(now);
    const [mail] = mailsTo(lucia.parentEmail);
    expect(mail?.subject).toBe("Una idea de lectura para Lucía este fin de semana");
    expect(mail?.text).toContain("Lucía no practicó en Refrain esta semana");
    expect(mail?.text).toContain("Dejar de recibir estos correos");
  });

  it("gives the week back when queueing the mail fails, so the retry reports on it", async () => {
    const now = new Date();
    const teacher = await classOf();
    const student = await subscribed(teacher.id);
    const failing = { ...deps, mailer: { send: () => Promise.reject(new Error("outbox down")) } };
    await expect(
      runWeeklyReport(failing, { teacherId: teacher.id, weekStart: weekStartOf(now) }, now),
    ).rejects.toThrow("outbox down");
    expect(
      await ctx.db.select().from(weeklyReports).where(eq(weeklyReports.studentId, student.id)),
    ).toEqual([]);
    await runWeeklyReport(deps, { teacherId: teacher.id, weekStart: weekStartOf(now) }, now);
    await ctx.jobs.idle();
    expect(mailsTo(student.parentEmail)).toHaveLength(1);
    const outbox = await ctx.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, student.parentEmail));
    expect(outbox).toHaveLength(1);
  });
});
