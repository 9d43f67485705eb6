import { randomUUID } from "node:crypto";
import { gradingMessages, messages } from "@refrain/domain";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithRoles, checkMatrix, type RoleWorld } from "../../../test/authorization.ts";
import type { TestClient, TestContext } from "../../../test/build-test-app.ts";
import {
  allowRecording,
  hotRead,
  makeClips,
  processed,
  recordingStudent,
  upload,
} from "../../../test/fluency.ts";
import { catalogLessons } from "../../../test/learning.ts";
import { lessonWords, recordingGrades, recordings } from "../../db/schema/index.ts";

let ctx: TestContext;
let world: RoleWorld;
let lessonId: number;
let otherLessonWord: number;
let words: number[];
let coldId: number;
let hotId: number;
let comparisonId: number;
let otherTeacher: TestClient;
let otherColdId: number;

/** A student of the world's teacher and one of another teacher each record; the first a pair. */
beforeAll(async () => {
  const clips = makeClips();
  ({ ctx, world } = await appWithRoles({ DEMO_RECORDINGS: "off" }));
  const lessons = await catalogLessons(ctx);
  lessonId = lessons.second[0] as number;
  const wordRows = await ctx.db
    .select({ id: lessonWords.id, lessonId: lessonWords.lessonId })
    .from(lessonWords)
    .orderBy(asc(lessonWords.lessonId), asc(lessonWords.position));
  words = wordRows.filter((w) => w.lessonId === lessonId).map((w) => w.id);
  otherLessonWord = wordRows.find((w) => w.lessonId !== lessonId)?.id as number;
  await allowRecording(ctx, world.people.teacher.id);
  const cold = await upload(
    world.clients.student,
    { lessonId, classification: "cold_read", filetype: "video/webm" },
    clips.webm,
  );
  coldId = cold.recordingId as number;
  hotId = await hotRead(ctx, world, lessonId, clips.mp4);

  const { teacher, login } = await recordingStudent(ctx);
  otherTeacher = ctx.client();
  await otherTeacher.signIn(teacher);
  const theirStudent = ctx.client();
  await theirStudent.signIn(login);
  const theirs = await upload(
    theirStudent,
    { lessonId, classification: "cold_read", filetype: "video/webm" },
    clips.webm,
  );
  otherColdId = theirs.recordingId as number;
  await processed(ctx, otherColdId);
  const [comparison] = await ctx.db
    .select({ id: recordings.id })
    .from(recordings)
    .where(eq(recordings.classification, "stitched"));
  comparisonId = comparison?.id as number;
}, 60_000);
afterAll(() => ctx.close());

const aGrade = (missed: number[], extra: Record<string, unknown> = {}) => ({
  accuracy: -missed.length,
  expression: 4,
  feedback: "Lovely pace.",
  selectedWordIds: missed,
  wpm: 92,
  lastWordId: null,
  // The grading form's id for this grade: a new form, a new grade.
  submission: randomUUID(),
  ...extra,
});

const gradesOf = (id: number) =>
  ctx.db.select().from(recordingGrades).where(eq(recordingGrades.recordingId, id));

describe("the teacher's lists of new readings", () => {
  it("lists new readings: not graded, not comparisons", async () => {
    expect(comparisonId).toBeGreaterThan(0);
    const all = await world.clients.teacher.get("/teacher/recordings/all?type=all");
    expect(all.body.data).toHaveLength(3);
    const fresh = await world.clients.teacher.get("/teacher/recordings/all?type=new");
    expect(fresh.body.data.map((r: { id: number }) => r.id)).toEqual([hotId, coldId]);
    const byStudent = await world.clients.teacher.get("/teacher/recordings/by_student?type=new");
    expect(byStudent.status).toBe(200);
    expect(byStudent.body.data).toEqual([
      expect.objectContaining({
        student_id: world.people.student.id,
        new_recordings: 2,
        latest_ungraded_id: hotId,
      }),
    ]);
    expect(byStudent.body.data[0].recordings).toHaveLength(2);
    const overview = await world.clients.teacher.get("/teacher/fluency/overview");
    expect(overview.body.data).toEqual({ new: 2, graded: 0, shared: 0 });
  });
});

describe("grading a reading", () => {
  it("answers the reading set with the comparison, labels and the lesson's words", async () => {
    const { status, body } = await world.clients.teacher.get(`/teacher/recordings/${coldId}`);
    expect(status).toBe(200);
    expect(body.data.selected).toBe("cold_read");
    expect(Object.keys(body.data.entries).sort()).toEqual(["cold_read", "hot_read", "stitched"]);
    expect(body.data.entries.cold_read).toMatchObject({
      id: coldId,
      url: `/media/recordings/${coldId}/video`,
      grade: null,
      lesson: { id: lessonId },
    });
    expect(body.data.entries.cold_read.label).toMatch(/^Cold Read · \d\d\/\d\d\/\d{4}$/);
    expect(body.data.entries.stitched.id).toBe(comparisonId);
    expect(body.data.words.map((w: { id: number }) => w.id)).toEqual(words);
    const compare = await world.clients.teacher.get(`/teacher/recordings/${comparisonId}`);
    expect(compare.body.data.selected).toBe("stitched");
  });

  it("saves a grade, and Create New Grade keeps both: the newest counts", async () => {
    const missed = words.slice(0, 3);
    const first = await world.clients.teacher.post(
      `/teacher/recordings/${coldId}/grade`,
      aGrade(missed),
    );
    expect(first.status).toBe(200);
    const teacher = world.people.teacher;
    expect(first.body.data).toMatchObject({ accuracy: -3, selectedWordIds: missed, wpm: 92 });
    expect(first.body.data.graded_by).toContain(teacher.lastName);
    const second = await world.clients.teacher.post(
      `/teacher/recordings/${coldId}/grade`,
      aGrade(missed.slice(0, 1), { expression: 5, lastWordId: words[10] }),
    );
    expect(second.status).toBe(200);
    expect(await gradesOf(coldId)).toHaveLength(2);
    const set = await world.clients.teacher.get(`/teacher/recordings/${coldId}`);
    expect(set.body.data.entries.cold_read.grade).toMatchObject({
      id: second.body.data.id,
      expression: 5,
      accuracy: -1,
    });
    expect(set.body.data.entries.cold_read.graded_at).not.toBeNull();
    const overview = await world.clients.teacher.get("/teacher/fluency/overview");
    expect(overview.body.data).toEqual({ new: 1, graded: 1, shared: 0 });
  });

  it("shows the student their graded reading with its measures", async () => {
    const { status, body } = await world.clients.student.get("/student/recordings");
    expect(status).toBe(200);
    expect(body.data).toEqual([
      expect.objectContaining({
        id: coldId,
        type: "Cold Read",
        wpm: 92,
        cwpm: 91,
        accuracy_percent: 99,
        expression: 5,
        feedback: "Lovely pace.",
        video_url: `/media/recordings/${coldId}/video`,
      }),
    ]);
  });

  it("refuses what cannot be graded, storing nothing", async () => {
    const before = (await ctx.db.select().from(recordingGrades)).length;
    const post = (id: number, body: unknown) =>
      world.clients.teacher.post(`/teacher/recordings/${id}/grade`, body);
    expect((await post(otherColdId, aGrade([]))).status).toBe(404);
    const outside = await post(hotId, aGrade([otherLessonWord]));
    expect(outside.status).toBe(422);
    expect(outside.body.errors.selectedWordIds).toEqual([gradingMessages.wordNotInLesson]);
    const lastOutside = await post(hotId, aGrade([], { lastWordId: otherLessonWord }));
    expect(lastOutside.body.errors.lastWordId).toEqual([gradingMessages.wordNotInLesson]);
    const noExpression = await post(hotId, aGrade([], { expression: 0 }));
    expect(noExpression.status).toBe(422);
    expect(noExpression.body.errors.expression).toEqual([gradingMessages.expression]);
    for (const wpm of [0, -1]) {
      const reply = await post(hotId, aGrade([], { wpm }));
      expect(reply.status).toBe(422);
      expect(reply.body.errors.wpm).toEqual([gradingMessages.wpm]);
    }
    const mismatch = await post(hotId, aGrade(words.slice(0, 2), { accuracy: -1 }));
    expect(mismatch.body.errors.accuracy).toEqual([gradingMessages.accuracy]);
    // Without the form's id a double send could not be told from two grades.
    const noId = await post(hotId, aGrade([], { submission: "not-an-id" }));
    expect(noId.body.errors.submission).toEqual([messages.submission]);
    const comparison = await post(comparisonId, aGrade([]));
    expect(comparison.status).toBe(409);
    expect(comparison.body.message).toBe(gradingMessages.comparisonNotGradable);
    // Another teacher does not see the reading at all.
    expect((await otherTeacher.get(`/teacher/recordings/${coldId}`)).status).toBe(404);
    expect((await otherTeacher.post(`/teacher/recordings/${hotId}/grade`, aGrade([]))).status).toBe(
      404,
    );
    expect(await ctx.db.select().from(recordingGrades)).toHaveLength(before);
    const [hot] = await ctx.db.select().from(recordings).where(eq(recordings.id, hotId));
    expect(hot?.gradedAt).toBeNull();
  });
});

describe("who may call", () => {
  it("keeps each call to its policy", async () => {
    const classOwners = { anonymous: 401, teacher: 200, parent: 404 };
    const routes = [
      { method: "GET" as const, url: `/teacher/recordings/${hotId}`, expect: classOwners },
      {
        method: "POST" as const,
        url: `/teacher/recordings/${hotId}/grade`,
        body: aGrade([]),
        expect: classOwners,
      },
      {
        method: "GET" as const,
        url: "/teacher/recordings/by_student",
        expect: { anonymous: 401, teacher: 200, parent: 200 },
      },
      {
        method: "GET" as const,
        url: "/teacher/fluency/overview",
        expect: { anonymous: 401, teacher: 200, parent: 200 },
      },
      {
        method: "GET" as const,
        url: "/student/recordings",
        expect: { anonymous: 401, student: 200 },
      },
    ];
    for (const route of routes)
      expect(await checkMatrix(world, { ...route, otherwise: 403 }), route.url).toEqual([]);
    // A parent owns a class of their own, empty here.
    const { body } = await world.clients.parent.get("/teacher/recordings/by_student");
    expect(body.data).toEqual([]);
  });
});

describe("a grade sent twice", () => {
  it("is one grade when the same form's grade arrives twice at once, a new form's another", async () => {
    const before = await gradesOf(hotId);
    const body = aGrade(words.slice(0, 2), { feedback: "Sent twice." });
    const post = () => world.clients.teacher.post(`/teacher/recordings/${hotId}/grade`, body);
    const [first, second] = await Promise.all([post(), post()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.data).toEqual(first.body.data);
    const made = await gradesOf(hotId);
    expect(made).toHaveLength(before.length + 1);
    // Sent again later (a retry): still that grade, and the reading's graded_at stays its own.
    const retry = await post();
    expect(retry.body.data).toEqual(first.body.data);
    const [hot] = await ctx.db.select().from(recordings).where(eq(recordings.id, hotId));
    expect(hot?.gradedAt?.toISOString()).toBe(first.body.data.graded_at);

    // Create New Grade: a new form, a new grade, however alike.
    const regrade = await world.clients.teacher.post(`/teacher/recordings/${hotId}/grade`, {
      ...body,
      submission: randomUUID(),
    });
    expect(regrade.status).toBe(200);
    expect(regrade.body.data.id).not.toBe(first.body.data.id);
    expect(await gradesOf(hotId)).toHaveLength(before.length + 2);
  });
});
