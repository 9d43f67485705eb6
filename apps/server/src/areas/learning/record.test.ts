import { randomUUID } from "node:crypto";
import { learningMessages, lockMessages } from "@refrain/domain";
import { and, asc, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  checkMatrix,
  type MatrixRoute,
  type RoleWorld,
  roleClients,
} from "../../../test/authorization.ts";
import type { TestClient } from "../../../test/build-test-app.ts";
import {
  assignLesson,
  assignmentOf,
  catalogLessons,
  dayAnswers,
  signedInStudent,
} from "../../../test/learning.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import {
  assignments,
  examAnswers,
  examAttempts,
  examQuestions,
  extensionResponses,
  readAlongs,
} from "../../db/schema/index.ts";

const ctx = testAppForFile();
/** Two Second Grade lessons (the factory's students' level) and one Fifth Grade lesson. */
let lesson: number;
let otherLesson: number;
let fifthGrade: number;

beforeAll(async () => {
  const catalog = await catalogLessons(ctx);
  [lesson, otherLesson] = catalog.second as [number, number];
  fifthGrade = catalog.fifthGrade;
});

/** Each day's questions with their correct and one wrong answer id. */
async function dayKey(lessonId: number, day: number) {
  const questions = await ctx.db
    .select({ id: examQuestions.id })
    .from(examQuestions)
    .where(and(eq(examQuestions.lessonId, lessonId), eq(examQuestions.day, day)))
    .orderBy(asc(examQuestions.position));
  const out: { question: number; right: number; wrong: number }[] = [];
  for (const q of questions) {
    const choices = await ctx.db
      .select({ id: examAnswers.id, correct: examAnswers.correct })
      .from(examAnswers)
      .where(eq(examAnswers.questionId, q.id));
    const right = choices.find((c) => c.correct)?.id as number;
    const wrong = choices.find((c) => !c.correct)?.id as number;
    out.push({ question: q.id, right, wrong });
  }
  return out;
}

const answers = (lessonId: number, day: number, rightCount: number) =>
  dayAnswers(ctx, lessonId, day, rightCount);
const newStudent = (settings: { require3x?: boolean; requireRetake?: boolean } = {}) =>
  signedInStudent(ctx, settings);

const attemptsOf = (studentId: number) =>
  ctx.db.select().from(examAttempts).where(eq(examAttempts.studentId, studentId));

async function submit(
  client: TestClient,
  day: number,
  attempt: number,
  right: number,
  id = lesson,
) {
  return client.post("/student/examSubmit", {
    lesson: id,
    day,
    attempt,
    answers: await answers(id, day, right),
  });
}

describe("authorization", () => {
  let world: RoleWorld;
  beforeAll(async () => {
    world = await roleClients(ctx);
  });
  const STUDENTS = { anonymous: 401, student: 200 };
  const CLASS_OWNERS = { anonymous: 401, teacher: 200, parent: 200 };
  const NOBODY = { anonymous: 401 };
  // Each call is a POST of a body made once the world's lessons are known; callers it does not
  // expect are refused (403).
  const routes: [string, () => Promise<unknown>, MatrixRoute["expect"]][] = [
    [
      "/student/examSubmit",
      async () => ({ lesson, day: 1, attempt: 1, answers: await answers(lesson, 1, 1) }),
      STUDENTS,
    ],
    ["/student/readAlong", async () => ({ lesson, play: randomUUID() }), STUDENTS],
    ["/student/heartbeat", async () => ({ lesson, kind: "reading", seconds: 30 }), STUDENTS],
    ["/teacher/heartbeat", async () => ({ seconds: 30 }), CLASS_OWNERS],
    // Day 4 is locked for the world's student, so a student is refused by the rule, not the
    // policy: 403 for everyone signed in, and nothing is stored.
    ["/student/extensionDraft", async () => ({ lesson: otherLesson, text: "draft" }), NOBODY],
    ["/student/extensionSubmit", async () => ({ lesson: otherLesson, text: "answer" }), NOBODY],
  ];
  it.each(routes)("POST %s", async (url, body, expected) => {
    const route: MatrixRoute = {
      method: "POST",
      url,
      body: await body(),
      expect: expected,
      otherwise: 403,
    };
    expect(await checkMatrix(world, route)).toEqual([]);
  });
});

describe("POST /student/examSubmit", () => {
  it("stores the attempt, scores it and only now tells which answers were right", async () => {
    const { student, client } = await newStudent();
    const key = await dayKey(lesson, 1);
    const reply = await submit(client, 1, 1, key.length - 1);
    expect(reply.status).toBe(200);
    const percent = Math.round((100 * (key.length - 1)) / key.length);
    expect(reply.body).toMatchObject({
      day: 1,
      attempt: 1,
      correct: key.length - 1,
      solved: key.length,
      percent,
      retake: percent < 75,
    });
    expect(reply.body.results).toEqual(
      key.map((k, i) => ({
        question: k.question,
        answer: i < key.length - 1 ? k.right : k.wrong,
        correctAnswer: k.right,
        right: i < key.length - 1,
      })),
    );
    const stored = await attemptsOf(student.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ lessonId: lesson, day: 1, percent });
    // Doing something in a lesson nobody assigned starts it on the student's own.
    expect(await assignmentOf(ctx, student.id, lesson)).toMatchObject({
      assignedBy: "auto",
      status: "started",
    });
  });

  it("keeps every attempt: a retake is the next number and marks try-again under 75 %", async () => {
    const { student, client } = await newStudent();
    const failed = await submit(client, 1, 1, 0);
    expect(failed.body).toMatchObject({ percent: 0, retake: true });
    const passed = await submit(client, 1, 2, 99);
    expect(passed.body).toMatchObject({ attempt: 2, percent: 100, retake: false });
    expect(await attemptsOf(student.id)).toHaveLength(2);
  });

  it("a double submit, at once or in a row, stores one attempt", async () => {
    const { student, client } = await newStudent();
    const body = { lesson, day: 1, attempt: 1, answers: await answers(lesson, 1, 2) };
    const replies = await Promise.all([
      client.post("/student/examSubmit", body),
      client.post("/student/examSubmit", body),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const again = await client.post("/student/examSubmit", body);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(learningMessages.alreadySubmitted);
    expect(await attemptsOf(student.id)).toHaveLength(1);
  });

  it("moves a teacher's assignment from assigned to started", async () => {
    const { student, client } = await newStudent();
    await assignLesson(ctx, student.id, lesson);
    await submit(client, 1, 1, 1);
    expect(await assignmentOf(ctx, student.id, lesson)).toMatchObject({
      assignedBy: "teacher",
      status: "started",
      startedAt: expect.any(Date),
    });
  });

  it("refuses answers of another day or lesson, a choice of another question, a skipped one (422)", async () => {
    const { student, client } = await newStudent();
    const day2 = await answers(lesson, 2, 1);
    const otherLessons = await answers(otherLesson, 1, 1);
    const day1 = await dayKey(lesson, 1);
    const full = day1.map((k) => ({ question: k.question, answer: k.right }));
    // Every question answered, but the first with the second question's choice.
    const mixed = full.map((a, i) => (i === 0 ? { ...a, answer: day1[1]?.right } : a));
    // The first question twice instead of the last.
    const repeated = [...full.slice(0, -1), full[0]];
    const cases: [unknown[], string][] = [
      [day2, learningMessages.answers],
      [otherLessons, learningMessages.answers],
      [mixed, learningMessages.answers],
      [repeated, learningMessages.answers],
      [full.slice(0, -1), learningMessages.everyQuestion],
    ];
    for (const [bad, message] of cases) {
      const reply = await client.post("/student/examSubmit", {
        lesson,
        day: 1,
        attempt: 1,
        answers: bad,
      });
      expect(reply.status).toBe(422);
      expect(reply.body.errors).toEqual({ answers: [message] });
    }
    expect(await attemptsOf(student.id)).toHaveLength(0);
    expect(await assignmentOf(ctx, student.id, lesson)).toBeUndefined();
  });

  it("refuses a day locked by require_retake until the day before is passed (403)", async () => {
    const { student, client } = await newStudent({ requireRetake: true });
    await submit(client, 1, 1, 0);
    const locked = await submit(client, 2, 1, 1);
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe(lockMessages.previous_day);
    expect(await attemptsOf(student.id)).toHaveLength(1);
    await submit(client, 1, 2, 99);
    expect((await submit(client, 2, 1, 1)).status).toBe(200);
  });

  it("refuses the questions until three read-alongs with require_3x (403)", async () => {
    const { client } = await newStudent({ require3x: true });
    const locked = await submit(client, 1, 1, 1);
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe(lockMessages.read_alongs);
    for (let i = 0; i < 3; i++)
      await client.post("/student/readAlong", { lesson, play: randomUUID() });
    expect((await submit(client, 1, 1, 1)).status).toBe(200);
  });

  it("a lesson of another level and not assigned, or past any id, is not found (404)", async () => {
    const { student, client } = await newStudent();
    expect((await submit(client, 1, 1, 1, fifthGrade)).status).toBe(404);
    const missing = await client.post("/student/examSubmit", {
      lesson: 2_000_000_000,
      day: 1,
      attempt: 1,
      answers: [{ question: 1, answer: 1 }],
    });
    expect(missing.status).toBe(404);
    expect(await attemptsOf(student.id)).toHaveLength(0);
    // Assigned, the other level's lesson is theirs to take.
    await assignLesson(ctx, student.id, fifthGrade);
    expect((await submit(client, 1, 1, 1, fifthGrade)).status).toBe(200);
  });

  it("refuses posting for another student: there is no student field (422)", async () => {
    const { client } = await newStudent();
    const other = await newStudent();
    const reply = await client.post("/student/examSubmit", {
      lesson,
      day: 1,
      attempt: 1,
      student: other.student.id,
      answers: await answers(lesson, 1, 1),
    });
    expect(reply.status).toBe(422);
    expect(await attemptsOf(other.student.id)).toHaveLength(0);
  });
});

describe("POST /student/readAlong", () => {
  it("counts each play once, however often it is sent, and plays in a row each", async () => {
    const { student, client } = await newStudent();
    const play = randomUUID();
    const sent = await Promise.all([
      client.post("/student/readAlong", { lesson, play }),
      client.post("/student/readAlong", { lesson, play }),
    ]);
    expect(sent.map((r) => r.status)).toEqual([200, 200]);
    expect((await client.post("/student/readAlong", { lesson, play })).body).toEqual({
      success: true,
      readAlongs: 1,
    });
    // The next play, however soon (a test may play the track fast), is another read-along.
    expect((await client.post("/student/readAlong", { lesson, play: randomUUID() })).body).toEqual({
      success: true,
      readAlongs: 2,
    });
    expect(await assignmentOf(ctx, student.id, lesson)).toMatchObject({ status: "started" });
  });

  it("a play without its id is refused (422) and counts nothing", async () => {
    const { student, client } = await newStudent();
    const reply = await client.post("/student/readAlong", { lesson, play: "again" });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ play: [learningMessages.play] });
    const rows = await ctx.db.select().from(readAlongs).where(eq(readAlongs.studentId, student.id));
    expect(rows).toEqual([]);
  });

  it("a lesson of another level is not found and nothing is stored", async () => {
    const { student, client } = await newStudent();
    expect(
      (await client.post("/student/readAlong", { lesson: fifthGrade, play: randomUUID() })).status,
    ).toBe(404);
    const rows = await ctx.db.select().from(readAlongs).where(eq(readAlongs.studentId, student.id));
    expect(rows).toEqual([]);
  });
});

describe("day 4 and completion", () => {
  const responseOf = async (studentId: number) => {
    const [row] = await ctx.db
      .select()
      .from(extensionResponses)
      .where(eq(extensionResponses.studentId, studentId));
    return row;
  };

  it("is locked until days 1–3 are done, and nothing is stored", async () => {
    const { student, client } = await newStudent();
    const reply = await client.post("/student/extensionDraft", { lesson, text: "My idea" });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe(lockMessages.days_1_to_3);
    expect(await responseOf(student.id)).toBeUndefined();
  });

  it("saves drafts as typed, then hands in once and completes the lesson", async () => {
    const { student, client } = await newStudent();
    await assignLesson(ctx, student.id, lesson);
    for (const day of [1, 2, 3]) expect((await submit(client, day, 1, 1)).status).toBe(200);
    const draft = await client.post("/student/extensionDraft", { lesson, text: "The rain f" });
    expect(draft.body).toMatchObject({ success: true, state: "draft" });
    await client.post("/student/extensionDraft", { lesson, text: "The rain falls" });
    expect(await responseOf(student.id)).toMatchObject({
      draft: "The rain falls",
      response: null,
      submittedAt: null,
    });
    expect((await assignmentOf(ctx, student.id, lesson))?.status).toBe("started");

    // Blank is a draft, not an answer to hand in.
    const blank = await client.post("/student/extensionSubmit", { lesson, text: "  \n " });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ text: [learningMessages.extensionEmpty] });
    expect((await responseOf(student.id))?.submittedAt).toBeNull();

    const handIn = await client.post("/student/extensionSubmit", {
      lesson,
      text: "The rain falls down.",
    });
    expect(handIn.body).toMatchObject({ success: true, state: "submitted" });
    expect(await responseOf(student.id)).toMatchObject({
      response: "The rain falls down.",
      submittedAt: expect.any(Date),
      score: null,
    });
    expect(await assignmentOf(ctx, student.id, lesson)).toMatchObject({
      status: "completed",
      completedAt: expect.any(Date),
    });

    const again = await client.post("/student/extensionDraft", { lesson, text: "changed" });
    expect(again.status).toBe(409);
    expect((await responseOf(student.id))?.response).toBe("The rain falls down.");
  });

  it("with require_retake a failed day keeps the lesson from completing", async () => {
    const { student, client } = await newStudent({ requireRetake: true });
    await submit(client, 1, 1, 99);
    await submit(client, 2, 1, 99);
    await submit(client, 3, 1, 0);
    expect((await client.post("/student/extensionSubmit", { lesson, text: "x" })).status).toBe(403);
    await submit(client, 3, 2, 99);
    expect((await client.post("/student/extensionSubmit", { lesson, text: "x" })).status).toBe(200);
    const rows = await ctx.db
      .select({ status: assignments.status })
      .from(assignments)
      .where(and(eq(assignments.studentId, student.id), ne(assignments.status, "assigned")));
    expect(rows).toEqual([{ status: "completed" }]);
  });

  it("refuses an answer longer than 5000 characters (422)", async () => {
    const { client } = await newStudent();
    const reply = await client.post("/student/extensionDraft", { lesson, text: "a".repeat(5001) });
    expect(reply.status).toBe(422);
  });
});
