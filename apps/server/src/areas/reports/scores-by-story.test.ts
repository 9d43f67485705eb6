import { beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/build-test-app.ts";
import {
  assignLesson,
  catalogLessons,
  dayAnswers,
  signedInStudent,
} from "../../../test/learning.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { classSettings } from "../../db/schema/index.ts";

/**
 * Scores by Story's Completed against the Detailed report's Completed table, with the work done
 * through the student's own calls so the server's completion rule decides: the two pages say
 * "completed" of the same lesson, so they must agree (a review found the demo's parent reading
 * "Completed 1" for a lesson the Detailed report listed as not complete).
 */

const ctx = testAppForFile();
let lesson: number;
beforeAll(async () => {
  lesson = (await catalogLessons(ctx)).second[0] as number;
});

const today = () => new Date().toISOString().slice(0, 10);

/** A student of a new class with the lesson assigned, signed in, and their teacher signed in. */
async function classWithLesson(requireExtension?: boolean) {
  const { student, teacher, client } = await signedInStudent(ctx);
  if (requireExtension !== undefined)
    await ctx.db
      .insert(classSettings)
      .values({ teacherId: teacher.id, completeLessonsExtensions: requireExtension });
  await assignLesson(ctx, student.id, lesson);
  const teacherClient = ctx.client();
  await teacherClient.signIn(teacher);
  return { student, client, teacherClient };
}

/** Days 1–3 taken and passed, as the student's player submits them. */
async function takeDays(client: TestClient) {
  for (const day of [1, 2, 3]) {
    const reply = await client.post("/student/examSubmit", {
      lesson,
      day,
      attempt: 1,
      answers: await dayAnswers(ctx, lesson, day, Number.POSITIVE_INFINITY),
    });
    expect(reply.status).toBe(200);
  }
}

async function storyRow(teacher: TestClient) {
  const reply = await teacher.get(
    `/teacher/reports/scores_by_story?start_date=${today()}&end_date=${today()}`,
  );
  expect(reply.status).toBe(200);
  return reply.body.data.find((r: { lesson_id: number }) => r.lesson_id === lesson);
}

async function detailedTable(teacher: TestClient, studentId: number) {
  const reply = await teacher.post(`/teacher/reports/detailed/${studentId}/data`, {
    verb: "view",
  });
  expect(reply.status).toBe(200);
  const { completed, assigned, incompleted } = reply.body.data;
  const has = (rows: { id: number }[]) => rows.some((r) => r.id === lesson);
  return has(completed)
    ? "completed"
    : has(assigned)
      ? "assigned"
      : has(incompleted)
        ? "incompleted"
        : null;
}

describe("Scores by Story's Completed", () => {
  it("counts a lesson whose class requires day 4 only once day 4 is handed in, as the Detailed report does", async () => {
    const { student, client, teacherClient } = await classWithLesson();
    await takeDays(client);
    expect(await detailedTable(teacherClient, student.id)).toBe("assigned");
    expect(await storyRow(teacherClient)).toMatchObject({ students: 1, completed: 0 });

    const handIn = await client.post("/student/extensionSubmit", {
      lesson,
      text: "The kite flies because the wind lifts it.",
    });
    expect(handIn.status).toBe(200);
    expect(await detailedTable(teacherClient, student.id)).toBe("completed");
    expect(await storyRow(teacherClient)).toMatchObject({ students: 1, completed: 1 });
  });

  it("counts three days as complete where the class does not require day 4", async () => {
    const { student, client, teacherClient } = await classWithLesson(false);
    await takeDays(client);
    expect(await detailedTable(teacherClient, student.id)).toBe("completed");
    expect(await storyRow(teacherClient)).toMatchObject({ students: 1, completed: 1 });
  });
});
