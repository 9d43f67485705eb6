import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/build-test-app.ts";
import {
  assignLesson,
  catalogLessons,
  dayAnswers,
  signedInStudent,
} from "../../../test/learning.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { assignments } from "../../db/schema/index.ts";

const ctx = testAppForFile();
/** Second Grade lessons (the factory's students' level) and a Fifth Grade one. */
let second: number[];
let fifthGrade: number;

beforeAll(async () => {
  ({ second, fifthGrade } = await catalogLessons(ctx));
});

async function newStudent() {
  const { student, teacher, client } = await signedInStudent(ctx);
  const teacherClient = ctx.client();
  await teacherClient.signIn(teacher);
  return { student, teacher, client, teacherClient };
}

/** Submits a day answering every question right (`pass`) or wrong. */
async function take(
  client: TestClient,
  lessonId: number,
  day: number,
  attempt: number,
  pass: boolean,
) {
  const answers = await dayAnswers(ctx, lessonId, day, pass ? Number.POSITIVE_INFINITY : 0);
  const reply = await client.post("/student/examSubmit", {
    lesson: lessonId,
    day,
    attempt,
    answers,
  });
  expect(reply.status).toBe(200);
}

const home = async (client: TestClient) => (await client.get("/learning/home")).body.data;

describe("GET /learning/home progress", () => {
  it("a fresh student has every level lesson untouched and nothing to continue", async () => {
    const { client } = await newStudent();
    const data = await home(client);
    expect(data.assignedLessons).toEqual([]);
    expect(data.continueLessonId).toBeNull();
    // The class plays the track at its own speed unless the student's settings say slower.
    expect(data.slowVideo).toBe(false);
    expect(data.progress.map((p: { lessonid: number }) => p.lessonid)).toEqual(second);
    expect(data.progress[0]).toEqual({
      lessonid: second[0],
      readAlongs: 0,
      readAlongsRequired: 0,
      days: [1, 2, 3].map((day) => ({
        day,
        percent: null,
        attempts: 0,
        retake: false,
        locked: null,
      })),
      extension: { state: "none", locked: "days_1_to_3" },
      next: "read",
      completed: false,
    });
  });

  it("lists the teacher's assignments first, another level's included, and continues the one worked in", async () => {
    const { student, client } = await newStudent();
    await ctx.db.insert(assignments).values([
      { studentId: student.id, lessonId: fifthGrade, assignedBy: "teacher", status: "assigned" },
      {
        studentId: student.id,
        lessonId: second[1] as number,
        assignedBy: "teacher",
        status: "assigned",
      },
    ]);
    let data = await home(client);
    expect(data.assignedLessons.map((l: { lessonid: number }) => l.lessonid)).toEqual([
      fifthGrade,
      second[1],
    ]);
    // Nothing started yet: continue with the first assignment.
    expect(data.continueLessonId).toBe(fifthGrade);

    // A lesson of their own is started, then an assigned one: the assigned one wins.
    await client.post("/student/readAlong", { lesson: second[0], play: randomUUID() });
    expect((await home(client)).continueLessonId).toBe(second[0]);
    await take(client, second[1] as number, 1, 1, false);
    data = await home(client);
    expect(data.continueLessonId).toBe(second[1]);
    const row = data.progress.find((p: { lessonid: number }) => p.lessonid === second[1]);
    expect(row.days[0]).toEqual({ day: 1, percent: 0, attempts: 1, retake: true, locked: null });
    // Without require_retake a failed day is done (marked try again) and the next day is open.
    expect(row.next).toBe(2);
    const own = data.progress.find((p: { lessonid: number }) => p.lessonid === second[0]);
    expect(own.readAlongs).toBe(1);
  });

  it("keeps a finished lesson of another level on the home, completed", async () => {
    const { student, client } = await newStudent();
    await assignLesson(ctx, student.id, fifthGrade);
    for (const day of [1, 2, 3]) await take(client, fifthGrade, day, 1, true);
    expect((await home(client)).finishedLessons).toEqual([]);
    await client.post("/student/extensionSubmit", { lesson: fifthGrade, text: "Done." });
    const data = await home(client);
    expect(data.assignedLessons).toEqual([]);
    expect(data.finishedLessons.map((l: { lessonid: number }) => l.lessonid)).toEqual([fifthGrade]);
    const row = data.progress.find((p: { lessonid: number }) => p.lessonid === fifthGrade);
    expect(row).toMatchObject({ completed: true, next: "done" });
  });

  it("says when the student's own slow_video setting slows the track", async () => {
    const { client } = await signedInStudent(ctx, { slowVideo: true });
    expect((await home(client)).slowVideo).toBe(true);
  });

  it("a whole lesson: retake, day 4 across a reload, completed for the teacher too", async () => {
    const { student, client, teacherClient } = await newStudent();
    const lesson = second[2] as number;
    await assignLesson(ctx, student.id, lesson);
    await take(client, lesson, 1, 1, false);
    await take(client, lesson, 1, 2, true);
    await take(client, lesson, 2, 1, true);
    await take(client, lesson, 3, 1, true);
    await client.post("/student/extensionDraft", { lesson, text: "Half an ans" });
    // What a reload of day 4 is given back: the draft as last saved.
    const reload = await client.post("/student/examData", { lesson, day: 4, mode: "take" });
    expect(reload.body.extension.answer).toMatchObject({ text: "Half an ans", state: "draft" });
    let row = (await home(client)).progress.find(
      (p: { lessonid: number }) => p.lessonid === lesson,
    );
    expect(row.days.map((d: { percent: number }) => d.percent)).toEqual([100, 100, 100]);
    expect(row.days[0].attempts).toBe(2);
    expect(row.extension).toEqual({ state: "draft", locked: null });
    expect(row.next).toBe(4);

    await client.post("/student/extensionSubmit", { lesson, text: "A whole answer." });
    const handedIn = await client.post("/student/examData", { lesson, day: 4, mode: "take" });
    expect(handedIn.body.extension.answer).toMatchObject({
      text: "A whole answer.",
      state: "submitted",
    });
    const data = await home(client);
    row = data.progress.find((p: { lessonid: number }) => p.lessonid === lesson);
    expect(row).toMatchObject({ completed: true, next: "done", extension: { state: "submitted" } });
    // Completed, it leaves the assigned list and is nothing to continue.
    expect(data.assignedLessons).toEqual([]);
    expect(data.continueLessonId).toBeNull();

    const students = (await teacherClient.get("/teacher/lessons/assign/students")).body.data;
    expect(students[0]).toMatchObject({ id: student.id, completed_lessons: [lesson] });
    expect(students[0].assigned_lessons).toEqual([]);
  });
});
