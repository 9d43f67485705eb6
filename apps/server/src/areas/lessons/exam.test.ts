import { EXTENSION_RUBRIC, examMessages } from "@refrain/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestContext } from "../../../test/build-test-app.ts";
import { assignLesson, catalogByPlan, signedInStudent } from "../../../test/learning.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { CATALOG } from "../../catalog/catalog.ts";
import { assignments } from "../../db/schema/index.ts";

const ctx = testAppForFile();
/** The lesson ids of each plan id. */
let byPlan: Map<number, number[]>;

beforeAll(async () => {
  byPlan = await catalogByPlan(ctx);
});

const secondGrade = () => byPlan.get(8)?.[0] as number;
const fifthGrade = () => byPlan.get(11)?.[0] as number;
const dripDrop = CATALOG.find((c) => c.slug === "g2-drip-drop-journey");

async function signedIn(role: "teacher" | "school_admin" | "staff") {
  const user = await ctx.factories.user({ role });
  const client = ctx.client();
  await client.signIn(user);
  return client;
}

/** The exam of a lesson's day (Second Grade's first lesson by default), as `client` takes it. */
const examData = (client: ReturnType<TestContext["client"]>, day: number, lesson = secondGrade()) =>
  client.post("/student/examData", { lesson, day, mode: "take" });

describe("POST /student/examData", () => {
  it("previews days 1–3 for a teacher with every answer A–D and the correct one marked", async () => {
    const client = await signedIn("teacher");
    const reply = await examData(client, 1);
    expect(reply.status).toBe(200);
    const expected = dripDrop?.questions.filter((q) => q.day === 1) ?? [];
    expect(reply.body.lesson).toEqual({
      id: secondGrade(),
      title: "Drip Drop Journey",
      gradeLabel: "2nd Grade",
    });
    expect(reply.body.extension).toBeNull();
    expect(reply.body.questions).toHaveLength(expected.length);
    const [first] = reply.body.questions;
    expect(first).toEqual({
      id: expect.any(Number),
      question: expected[0]?.question,
      question_voice_url: null,
      answers_voice_url: null,
      answer: null,
      answers: expected[0]?.answers.map((text, i) => ({
        id: expect.any(Number),
        letter: "ABCD"[i],
        answertext: text,
        correct: i === expected[0]?.correct,
        selected: false,
      })),
    });
  });

  it("gives day 4 as the extension prompt with the 1–3 point rubric", async () => {
    const client = await signedIn("school_admin");
    const reply = await examData(client, 4);
    expect(reply.status).toBe(200);
    expect(reply.body.questions).toEqual([]);
    expect(reply.body.extension).toEqual({
      prompt: dripDrop?.extensionPrompt,
      rubric: EXTENSION_RUBRIC.map((r) => ({ ...r })),
      // An adult previews the prompt: there is no answer of theirs to give back.
      answer: null,
    });
    expect(reply.body.extension.rubric.map((r: { points: number }) => r.points)).toEqual([1, 2, 3]);
  });

  it("never tells a student which answer is correct", async () => {
    const { client } = await signedInStudent(ctx);
    for (const day of [1, 2, 3]) {
      const reply = await examData(client, day);
      expect(reply.status).toBe(200);
      expect(reply.body.questions.length).toBeGreaterThanOrEqual(4);
      for (const question of reply.body.questions) {
        expect(question.answers).toHaveLength(4);
        for (const answer of question.answers) expect(answer).not.toHaveProperty("correct");
      }
      expect(JSON.stringify(reply.body)).not.toContain('"correct"');
    }
  });

  it("lets a student open lessons of their level or in their plan, and no other", async () => {
    const { student, client } = await signedInStudent(ctx);
    expect((await examData(client, 2, fifthGrade())).status).toBe(404);
    await assignLesson(ctx, student.id, fifthGrade());
    expect((await examData(client, 2, fifthGrade())).status).toBe(200);
    await ctx.db.delete(assignments).where(eq(assignments.studentId, student.id));
    expect((await examData(client, 2, fifthGrade())).status).toBe(404);
  });

  it("answers 404 for a lesson that does not exist", async () => {
    const client = await signedIn("staff");
    const reply = await examData(client, 1, 999_999);
    expect(reply.status).toBe(404);
  });

  it("refuses a missing lesson, a day outside 1–4 and another mode with 422", async () => {
    const client = await signedIn("teacher");
    const reply = await client.post("/student/examData", { day: 5, mode: "review" });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({
      success: false,
      message: `${examMessages.lesson} ${examMessages.day} ${examMessages.mode}`,
      errors: {
        lesson: [examMessages.lesson],
        day: [examMessages.day],
        mode: [examMessages.mode],
      },
    });
  });
});
