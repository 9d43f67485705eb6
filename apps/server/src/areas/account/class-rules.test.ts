import { randomUUID } from "node:crypto";
import { lockMessages } from "@refrain/domain";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/build-test-app.ts";
import { catalogLessons, dayAnswers, signedInStudent } from "../../../test/learning.ts";
import { testAppForFile } from "../../../test/own-app.ts";

const ctx = testAppForFile();
let lesson: number;
beforeAll(async () => {
  [lesson] = (await catalogLessons(ctx)).second as [number];
});

/** The student's class and its teacher, signed in to change the class preferences. */
async function classOf(settings: { require3x?: boolean } = {}) {
  const { teacher, client: student } = await signedInStudent(ctx, settings);
  const teacherClient = ctx.client();
  await teacherClient.signIn(teacher);
  const prefer = (changes: Record<string, unknown>) =>
    teacherClient.post(`/teacher/${teacher.id}/settings`, { verb: "update_params", ...changes });
  return { student, prefer };
}

const takeDay = async (client: TestClient, day: number) =>
  client.post("/student/examSubmit", {
    lesson,
    day,
    attempt: 1,
    answers: await dayAnswers(ctx, lesson, day, 4),
  });
const progressOf = async (client: TestClient) => {
  const home = await client.get("/learning/home");
  return home.body.data.progress.find((p: { lessonid: number }) => p.lessonid === lesson);
};

describe("the class preferences are the lesson rules' defaults", () => {
  it("unlink_video off locks an inheriting student's questions until three read-alongs", async () => {
    const { student, prefer } = await classOf();
    expect((await prefer({ unlink_video: false })).status).toBe(200);
    const locked = await takeDay(student, 1);
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe(lockMessages.read_alongs);
    expect((await progressOf(student)).readAlongsRequired).toBe(3);
    for (let i = 0; i < 3; i++)
      await student.post("/student/readAlong", { lesson, play: randomUUID() });
    expect((await takeDay(student, 1)).status).toBe(200);
  });

  it("a student's own require_3x off wins over the class's", async () => {
    const { student, prefer } = await classOf({ require3x: false });
    await prefer({ unlink_video: false });
    expect((await takeDay(student, 1)).status).toBe(200);
  });

  it("without complete_lessons_extensions, days 1–3 complete a lesson", async () => {
    const { student, prefer } = await classOf();
    await prefer({ complete_lessons_extensions: false });
    await student.post("/student/readAlong", { lesson, play: randomUUID() });
    for (const day of [1, 2, 3]) expect((await takeDay(student, day)).status).toBe(200);
    const done = await progressOf(student);
    expect(done.next).toBe("done");
    expect(done.completed).toBe(true);
  });

  it("the student's home shows the class message and slow_video, and none once cleared", async () => {
    const { student, prefer } = await classOf();
    expect((await student.get("/learning/home")).body.data.welcomeMessage).toBe("hello, class");
    await prefer({ welcome_message: "Read with expression today!", slow_video: true });
    const home = (await student.get("/learning/home")).body.data;
    expect(home.welcomeMessage).toBe("Read with expression today!");
    expect(home.slowVideo).toBe(true);
    await prefer({ welcome_message: "" });
    expect((await student.get("/learning/home")).body.data.welcomeMessage).toBeNull();
  });
});
