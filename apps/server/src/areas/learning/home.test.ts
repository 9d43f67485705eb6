import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestClient, type TestContext } from "../../../test/build-test-app.ts";
import { catalogLessons, dayAnswers, signedInStudent } from "../../../test/learning.ts";
import { assignments } from "../../db/schema/index.ts";

let ctx: TestContext;
/** Second Grade lessons (the factory's students' level) and a Fifth Grade one. */
let second: number[];
let fifthGrade: number;

beforeAll(async () => {
  ctx = await buildTestApp();
  ({ second, fifthGrade } = await catalogLessons(ctx));
});
afterAll(() => ctx.close());

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
        locked: false,
      })),
      extension: { state: "none", locked: true },
      next: 1,
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
    await client.post("/student/readAlong", { lesson: second[0] });
    expect((await home(client)).continueLessonId).toBe(second[0]);
    await take(client, second[1] as number, 1, 1, false);
    data = await home(client);
    expect(data.continueLessonId).toBe(second[1]);
    const row = data.progress.find((p: { lessonid: number }) => p.lessonid === second[1]);
    expect(row.days[0]).toEqual({ day: 1, percent: 0, attempts: 1, retake: true, locked: false });
    // Without require_retake a failed day is done (marked try again) and the next day is open.
    expect(row.next).toBe(2);
    const own = data.progress.find((p: { lessonid: number }) => p.lessonid === second[0]);
    expect(own.readAlongs).toBe(1);
  });

  it("a whole lesson: retake, day 4 across a reload, completed for the teacher too", async () => {
    const { student, client, teacherClient } = await newStudent();
    const lesson = second[2] as number;
    await ctx.db.insert(assignments).values({
      studentId: student.id,
      lessonId: lesson,
      assignedBy: "teacher",
      status: "assigned",
    });
    await take(client, lesson, 1, 1, false);
    await take(client, lesson, 1, 2, true);
    await take(client, lesson, 2, 1, true);
    await take(client, lesson, 3, 1, true);
    await client.post("/student/extensionDraft", { lesson, text: "Half an ans" });
    let row = (await home(client)).progress.find(
      (p: { lessonid: number }) => p.lessonid === lesson,
    );
    expect(row.days.map((d: { percent: number }) => d.percent)).toEqual([100, 100, 100]);
    expect(row.days[0].attempts).toBe(2);
    expect(row.extension).toEqual({ state: "draft", locked: false });
    expect(row.next).toBe(4);

    await client.post("/student/extensionSubmit", { lesson, text: "A whole answer." });
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
