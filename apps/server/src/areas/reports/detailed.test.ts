import { EXTENSION_RUBRIC } from "@refrain/domain";
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix } from "../../../test/authorization.ts";
import type { TestClient } from "../../../test/build-test-app.ts";
import { catalogLessons, dayAnswers } from "../../../test/learning.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import {
  assignments,
  auditLog,
  examAttempts,
  extensionResponses,
  readAlongs,
  recordings,
} from "../../db/schema/index.ts";

/**
 * The detailed report, the seven day table and the extension review against records made
 * here: every call's authorization matrix, its 404s and 422s, and what each reset changes (and
 * what it leaves: read-alongs and recordings).
 */

const { ctx, world } = appWithRolesForFile();
let lessonIds: number[];
let otherTeacher: TestClient;
let theirStudent: number;

const at = (iso: string) => new Date(iso);

/** A student of the world's teacher with a completed, an assigned and a self-started lesson. */
async function seededStudent() {
  const s = await ctx.factories.user({ role: "student", teacherId: world.people.teacher.id });
  const [done, waiting, own] = lessonIds as [number, number, number];
  await ctx.db.insert(assignments).values([
    { studentId: s.id, lessonId: done, assignedBy: "teacher", status: "completed" },
    { studentId: s.id, lessonId: waiting, assignedBy: "teacher", status: "assigned" },
    { studentId: s.id, lessonId: own, assignedBy: "auto", status: "started" },
  ]);
  const attempt = (
    lessonId: number,
    day: number,
    attempt: number,
    correct: number,
    when: string,
  ) => ({
    studentId: s.id,
    lessonId,
    day,
    attempt,
    correct,
    solved: 4,
    percent: (correct * 100) / 4,
    answers: [],
    createdAt: at(when),
  });
  await ctx.db
    .insert(examAttempts)
    .values([
      attempt(done, 1, 1, 2, "2024-03-01T10:00:00Z"),
      attempt(done, 1, 2, 4, "2024-03-02T10:00:00Z"),
      attempt(done, 2, 1, 3, "2024-03-03T10:00:00Z"),
      attempt(done, 3, 1, 4, "2024-03-04T10:00:00Z"),
      attempt(own, 1, 1, 1, "2024-01-10T10:00:00Z"),
    ]);
  await ctx.db.insert(extensionResponses).values({
    studentId: s.id,
    lessonId: done,
    draft: "",
    response: "The song is about rain.",
    submittedAt: at("2024-03-05T10:00:00Z"),
    score: 2,
    scoreText: EXTENSION_RUBRIC[1].description,
    comment: "Good start.",
  });
  await ctx.db
    .insert(readAlongs)
    .values([1, 2, 3].map(() => ({ studentId: s.id, lessonId: done, play: crypto.randomUUID() })));
  await ctx.db
    .insert(recordings)
    .values({ studentId: s.id, lessonId: done, classification: "cold_read" });
  return s;
}

const dataUrl = (id: number) => `/teacher/reports/detailed/${id}/data`;
const teacher = () => world.clients.teacher;
const countOf = async (table: typeof readAlongs | typeof recordings, studentId: number) => {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(table)
    .where(eq(table.studentId, studentId));
  return row?.n;
};
const statusOf = async (studentId: number, lessonId: number) => {
  const [row] = await ctx.db
    .select({ status: assignments.status })
    .from(assignments)
    .where(and(eq(assignments.studentId, studentId), eq(assignments.lessonId, lessonId)));
  return row?.status;
};
const auditsOf = (studentId: number, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, studentId), eq(auditLog.action, action)));

beforeAll(async () => {
  lessonIds = (await catalogLessons(ctx)).second.slice(0, 3);
  const other = await ctx.factories.user({ role: "teacher" });
  theirStudent = (await ctx.factories.user({ role: "student", teacherId: other.id })).id;
  otherTeacher = ctx.client();
  await otherTeacher.signIn(other);
}, 60_000);

describe("authorization", () => {
  const OWNERS = { anonymous: 401, teacher: 200, parent: 404 };
  it("answers every caller of every call as the class-owner policy and the class say", async () => {
    const s = await seededStudent();
    const [done] = lessonIds as [number];
    const range = "start_date=2024-01-01&end_date=2024-12-31";
    const routes = [
      { method: "POST" as const, url: dataUrl(s.id), body: { verb: "view" } },
      {
        method: "POST" as const,
        url: dataUrl(s.id),
        body: { verb: "reset", lesson_id: done, day: 3 },
      },
      { method: "POST" as const, url: dataUrl(s.id), body: { verb: "reset_overall" } },
      { method: "GET" as const, url: `/teacher/reports/seven_day/${s.id}/rows?${range}` },
      {
        method: "POST" as const,
        url: `/teacher/reports/seven_day/${s.id}/reset_all`,
        body: { start_date: "2024-01-01", end_date: "2024-12-31" },
      },
    ];
    for (const r of routes)
      expect(await checkMatrix(world, { ...r, expect: OWNERS, otherwise: 403 })).toEqual([]);
    // The parent's "overall" is their own (empty) class, not a 404.
    expect(
      await checkMatrix(world, {
        method: "GET",
        url: `/teacher/reports/seven_day/overall/rows?${range}`,
        expect: { ...OWNERS, parent: 200 },
        otherwise: 403,
      }),
    ).toEqual([]);
    const s2 = await seededStudent();
    const review = { lesson_id: done, student_id: s2.id };
    for (const body of [
      { verb: "load", ...review },
      { verb: "save", ...review, comment: "Nice" },
    ])
      expect(
        await checkMatrix(world, {
          method: "POST",
          url: "/teacher/reports/extension_answer",
          body,
          expect: OWNERS,
          otherwise: 403,
        }),
      ).toEqual([]);
  });

  it("reads another teacher's student as missing, everywhere", async () => {
    const mine = await seededStudent();
    const calls = [
      teacher().post(dataUrl(theirStudent), { verb: "view" }),
      teacher().post(dataUrl(theirStudent), { verb: "reset_overall" }),
      teacher().get(`/teacher/reports/seven_day/${theirStudent}/rows`),
      teacher().post(`/teacher/reports/seven_day/${theirStudent}/reset_all`, {}),
      otherTeacher.post(dataUrl(mine.id), { verb: "reset", lesson_id: lessonIds[0], day: 1 }),
      otherTeacher.post("/teacher/reports/extension_answer", {
        verb: "load",
        lesson_id: lessonIds[0],
        student_id: mine.id,
      }),
    ];
    for (const reply of await Promise.all(calls)) expect(reply.status).toBe(404);
    expect(
      (await teacher().post(dataUrl(mine.id), { verb: "view" })).body.data.completed,
    ).toHaveLength(1);
  });
});

describe("the detailed report", () => {
  it("puts each lesson in its table with the latest attempt of each day", async () => {
    const s = await seededStudent();
    const [done, waiting, own] = lessonIds as [number, number, number];
    const reply = await teacher().post(dataUrl(s.id), { verb: "view", type: "lessons" });
    expect(reply.status).toBe(200);
    const { data } = reply.body;
    expect(data.type).toBe("lessons");
    expect(data.student.id).toBe(s.id);
    expect(data.completed.map((r: { id: number }) => r.id)).toEqual([done]);
    expect(data.assigned.map((r: { id: number }) => r.id)).toEqual([waiting]);
    expect(data.incompleted.map((r: { id: number }) => r.id)).toEqual([own]);
    const row = data.completed[0];
    expect(row.scores.days).toEqual([
      { day: 1, date: "2024-03-02T10:00:00.000Z", correct: 4, solved: 4, percent: 100 },
      { day: 2, date: "2024-03-03T10:00:00.000Z", correct: 3, solved: 4, percent: 75 },
      { day: 3, date: "2024-03-04T10:00:00.000Z", correct: 4, solved: 4, percent: 100 },
    ]);
    expect(row.scores.most_recent_date).toBe("2024-03-05T10:00:00.000Z");
    expect(row.scores.extension).toEqual({ submitted: true, points: 2 });
    expect(row.overall).toBe(92);
    expect(data.assigned[0].scores.most_recent_date).toBeNull();
    expect(data.assigned[0].overall).toBeNull();
  });

  it("refuses bad input by field and a lesson never started with 404, changing nothing", async () => {
    const s = await seededStudent();
    const bad = await teacher().post(dataUrl(s.id), { verb: "reset", lesson_id: "x", day: 5 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["day", "lesson_id"]);
    expect((await teacher().post(dataUrl(s.id), { verb: "view", type: "stories" })).status).toBe(
      422,
    );
    const never = await teacher().post(dataUrl(s.id), {
      verb: "reset",
      lesson_id: lessonIds[1],
      day: 1,
    });
    expect(never.status).toBe(404);
    expect(
      (await teacher().post(dataUrl(s.id), { verb: "reset", lesson_id: 2_000_000, day: 1 })).status,
    ).toBe(404);
    expect(await auditsOf(s.id, "reports.reset_day")).toHaveLength(0);
  });

  it("resets a day so it can be taken anew; the lesson goes back to started, audited", async () => {
    const s = await seededStudent();
    const done = lessonIds[0] as number;
    const reply = await teacher().post(dataUrl(s.id), { verb: "reset", lesson_id: done, day: 1 });
    expect(reply.status).toBe(200);
    expect(reply.body.cleared).toEqual({ lessons: 1, attempts: 2, extensions: 0 });
    expect(reply.body.data.completed).toEqual([]);
    const row = reply.body.data.assigned.find((r: { id: number }) => r.id === done);
    expect(row.scores.days[0]).toMatchObject({ date: null, percent: null });
    expect(row.scores.days[1].percent).toBe(75);
    expect(await statusOf(s.id, done)).toBe("started");
    const [audit] = await auditsOf(s.id, "reports.reset_day");
    expect(audit?.actorId).toBe(world.people.teacher.id);
    expect(audit?.details).toMatchObject({
      lesson_id: done,
      day: 1,
      counts: { attempts: 2, extensions: 0 },
    });
    expect(await countOf(readAlongs, s.id)).toBe(3);
    expect(await countOf(recordings, s.id)).toBe(1);

    // The student takes day 1 again from attempt 1.
    const student = ctx.client();
    await student.signIn({ ...s, teacherUsername: world.people.teacher.username });
    const retake = await student.post("/student/examSubmit", {
      lesson: done,
      day: 1,
      attempt: 1,
      answers: await dayAnswers(ctx, done, 1, 1),
    });
    expect(retake.status).toBe(200);
  });

  it("reopens day 4 as a draft, clearing the hand-in, score and comment", async () => {
    const s = await seededStudent();
    const done = lessonIds[0] as number;
    const reply = await teacher().post(dataUrl(s.id), { verb: "reset", lesson_id: done, day: 4 });
    expect(reply.body.cleared).toEqual({ lessons: 1, attempts: 0, extensions: 1 });
    const [ext] = await ctx.db
      .select()
      .from(extensionResponses)
      .where(eq(extensionResponses.studentId, s.id));
    expect(ext).toMatchObject({
      draft: "The song is about rain.",
      response: null,
      submittedAt: null,
      score: null,
      comment: null,
    });
    const [audit] = await auditsOf(s.id, "reports.reset_day");
    expect(audit?.details).toMatchObject({
      day: 4,
      cleared: { extensions: [{ lessonId: done, score: 2, comment: "Good start." }] },
    });
    // The class requires day 4 by default, so the lesson is no longer complete.
    expect(await statusOf(s.id, done)).toBe("started");
    expect(reply.body.data.assigned[0].scores.extension).toEqual({
      submitted: false,
      points: null,
    });
  });

  it("resets every lesson of the student overall", async () => {
    const s = await seededStudent();
    const reply = await teacher().post(dataUrl(s.id), { verb: "reset_overall" });
    expect(reply.status).toBe(200);
    expect(reply.body.cleared).toEqual({ lessons: 2, attempts: 5, extensions: 1 });
    const [left] = await ctx.db
      .select({ n: count() })
      .from(examAttempts)
      .where(eq(examAttempts.studentId, s.id));
    expect(left?.n).toBe(0);
    expect(await statusOf(s.id, lessonIds[0] as number)).toBe("started");
    expect(await auditsOf(s.id, "reports.reset_overall")).toHaveLength(1);
    expect(await countOf(recordings, s.id)).toBe(1);
  });
});

describe("the seven day progress table", () => {
  it("adds up the records in the range, one row per student", async () => {
    const s = await seededStudent();
    const [done] = lessonIds as [number];
    const reply = await teacher().get(
      `/teacher/reports/seven_day/${s.id}/rows?start_date=2024-03-01&end_date=2024-03-31`,
    );
    expect(reply.status).toBe(200);
    const [row] = reply.body.data;
    expect(row).toMatchObject({
      student_id: s.id,
      days_completed: 4,
      avg_scores: [100, 75, 100],
      extensions: [{ id: done }],
    });
    expect(row.titles).toHaveLength(1);
    expect(row.avg_wpm).toBeGreaterThan(0);
    const overall = await teacher().get(
      "/teacher/reports/seven_day/overall/rows?start_date=2024-03-01&end_date=2024-03-31",
    );
    const ids = overall.body.data.map((r: { student_id: number }) => r.student_id);
    expect(ids).toContain(s.id);
    expect(ids).toContain(world.people.student.id);
    const empty = overall.body.data.find(
      (r: { student_id: number }) => r.student_id === world.people.student.id,
    );
    expect(empty).toMatchObject({
      titles: [],
      days_completed: 0,
      avg_wpm: null,
      avg_scores: [null, null, null],
    });
  });

  it("refuses a reversed or absurd range by field, and a path that names nobody with 404", async () => {
    const reversed = await teacher().get(
      "/teacher/reports/seven_day/overall/rows?start_date=2024-03-31&end_date=2024-03-01",
    );
    expect(reversed.status).toBe(422);
    expect(Object.keys(reversed.body.errors)).toEqual(["end_date"]);
    const absurd = await teacher().get(
      "/teacher/reports/seven_day/overall/rows?start_date=1999-01-01&end_date=2024-02-30",
    );
    expect(absurd.status).toBe(422);
    expect((await teacher().get("/teacher/reports/seven_day/all/rows")).status).toBe(404);
  });

  it("resets the lessons worked in the range only, audited", async () => {
    const s = await seededStudent();
    const [done, , own] = lessonIds as [number, number, number];
    const reply = await teacher().post(`/teacher/reports/seven_day/${s.id}/reset_all`, {
      start_date: "2024-03-01",
      end_date: "2024-03-31",
    });
    expect(reply.status).toBe(200);
    expect(reply.body.cleared).toEqual({ lessons: 1, attempts: 4, extensions: 1 });
    expect(reply.body.data[0].days_completed).toBe(0);
    const left = await ctx.db
      .select({ lessonId: examAttempts.lessonId })
      .from(examAttempts)
      .where(eq(examAttempts.studentId, s.id));
    expect(left.map((r) => r.lessonId)).toEqual([own]);
    expect(await statusOf(s.id, done)).toBe("started");
    const [audit] = await auditsOf(s.id, "reports.reset_range");
    expect(audit?.details).toMatchObject({
      start_date: "2024-03-01",
      end_date: "2024-03-31",
      lessons: [done],
    });
    expect(await countOf(readAlongs, s.id)).toBe(3);
  });
});

describe("the extension answer review", () => {
  const review = "/teacher/reports/extension_answer";

  it("loads a handed-in answer and saves the comment and the rubric score", async () => {
    const s = await seededStudent();
    const done = lessonIds[0] as number;
    const load = await teacher().post(review, { verb: "load", lesson_id: done, student_id: s.id });
    expect(load.status).toBe(200);
    expect(load.body.data).toMatchObject({
      comment: "Good start.",
      response: "The song is about rain.",
      score: 2,
      scoreText: EXTENSION_RUBRIC[1].description,
      studentName: `${s.firstName} ${s.lastName}`.trim(),
    });
    expect(load.body.data.questionText.length).toBeGreaterThan(0);
    const save = await teacher().post(review, {
      verb: "save",
      lesson_id: done,
      student_id: s.id,
      comment: "  Use the text.  ",
      score: 3,
    });
    expect(save.status).toBe(200);
    expect(save.body.message).toBe("Comment saved!");
    expect(save.body.data).toMatchObject({
      comment: "Use the text.",
      score: 3,
      scoreText: EXTENSION_RUBRIC[2].description,
    });
    const [row] = await ctx.db
      .select()
      .from(extensionResponses)
      .where(eq(extensionResponses.studentId, s.id));
    expect(row?.scoredBy).toBe(world.people.teacher.id);
    // A comment alone leaves the score.
    const again = await teacher().post(review, {
      verb: "save",
      lesson_id: done,
      student_id: s.id,
      comment: "",
    });
    expect(again.body.data).toMatchObject({ comment: "", score: 3 });
  });

  it("refuses a draft or a missing answer with 404 and bad fields with 422", async () => {
    const s = await seededStudent();
    const [done, waiting] = lessonIds as [number, number];
    await teacher().post(dataUrl(s.id), { verb: "reset", lesson_id: done, day: 4 });
    expect(
      (await teacher().post(review, { verb: "load", lesson_id: done, student_id: s.id })).status,
    ).toBe(404);
    expect(
      (await teacher().post(review, { verb: "load", lesson_id: waiting, student_id: s.id })).status,
    ).toBe(404);
    const s2 = await seededStudent();
    const bad = await teacher().post(review, {
      verb: "save",
      lesson_id: done,
      student_id: s2.id,
      comment: "x".repeat(2001),
      score: 5,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["comment", "score"]);
    const [row] = await ctx.db
      .select()
      .from(extensionResponses)
      .where(eq(extensionResponses.studentId, s2.id));
    expect(row).toMatchObject({ score: 2, comment: "Good start." });
  });
});
