import {
  dayPercent,
  EMPTY_PROGRESS,
  EXTENSION_RUBRIC,
  isLessonComplete,
  type LessonProgress,
  lockReason,
  PASSING_PERCENT,
  resolveLessonRules,
  STUDENT_TIME_KINDS,
  type TestDay,
} from "@refrain/domain";
import { asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import { testAppForFile } from "../../test/own-app.ts";
import { DEFAULT_CLASS_SETTINGS, lessonDefaultsOf } from "../areas/account/index.ts";
import { tri } from "../areas/learning/index.ts";
import {
  assignments,
  examAnswers,
  examAttempts,
  examQuestions,
  extensionResponses,
  lessons,
  readAlongs,
  timeOnTask,
  users,
} from "../db/schema/index.ts";
import { generateHistory, historyStart, planLessonHistory } from "./history.ts";
import { demoLogins, ensureDemoWorld } from "./index.ts";
import { seededRandom } from "./plan/random.ts";

const ctx = testAppForFile();
/** The moment the demo world was made: its assignments and history end here. */
let madeAt: Date;
beforeAll(async () => {
  madeAt = new Date();
  await ensureDemoWorld(ctx.db, ctx.config);
});

async function clearHistory() {
  for (const table of [readAlongs, examAttempts, extensionResponses, timeOnTask])
    await ctx.db.delete(table);
}

/** Every history row, without serial ids, in a stable order. */
async function snapshot() {
  const { id: _r, ...readColumns } = getTableColumns(readAlongs);
  const { id: _a, ...attemptColumns } = getTableColumns(examAttempts);
  const { id: _e, ...extensionColumns } = getTableColumns(extensionResponses);
  return {
    reads: await ctx.db
      .select(readColumns)
      .from(readAlongs)
      .orderBy(asc(readAlongs.studentId), asc(readAlongs.play)),
    attempts: await ctx.db
      .select(attemptColumns)
      .from(examAttempts)
      .orderBy(
        asc(examAttempts.studentId),
        asc(examAttempts.lessonId),
        asc(examAttempts.day),
        asc(examAttempts.attempt),
      ),
    extensions: await ctx.db
      .select(extensionColumns)
      .from(extensionResponses)
      .orderBy(asc(extensionResponses.studentId), asc(extensionResponses.lessonId)),
    time: await ctx.db
      .select()
      .from(timeOnTask)
      .orderBy(asc(timeOnTask.userId), asc(timeOnTask.kind), asc(timeOnTask.day)),
  };
}

type Event =
  | { at: Date; what: "read" }
  | { at: Date; what: "attempt"; day: TestDay; attempt: number; percent: number | null }
  | { at: Date; what: "day4"; submitted: boolean };

/**
 * Replays every student's records in time order against the domain rules, as the server would
 * have met them: each attempt and day 4 answer made while unlocked, attempts numbered 1..n in
 * order with a retake only after a score under 75 %, and the lesson complete exactly when its
 * assignment says completed. Returns how many lessons it replayed.
 */
async function expectRuleConsistent(now: Date): Promise<number> {
  const students = await ctx.db
    .select({ id: users.id, require3x: users.require3x, requireRetake: users.requireRetake })
    .from(users)
    .where(eq(users.role, "student"));
  const plans = await ctx.db.select().from(assignments);
  const reads = await ctx.db.select().from(readAlongs);
  const attempts = await ctx.db.select().from(examAttempts);
  const extensions = await ctx.db.select().from(extensionResponses);
  const key = (s: number, l: number) => `${s}|${l}`;
  const planOf = new Map(plans.map((p) => [key(p.studentId, p.lessonId), p]));
  const events = new Map<string, Event[]>();
  const add = (s: number, l: number, e: Event) => {
    // Nothing is recorded for a lesson outside the student's plan.
    expect(planOf.has(key(s, l)), `record outside the plan ${key(s, l)}`).toBe(true);
    events.set(key(s, l), [...(events.get(key(s, l)) ?? []), e]);
  };
  for (const r of reads) add(r.studentId, r.lessonId, { at: r.createdAt, what: "read" });
  for (const a of attempts)
    add(a.studentId, a.lessonId, {
      at: a.createdAt,
      what: "attempt",
      day: a.day as TestDay,
      attempt: a.attempt,
      percent: a.percent,
    });
  for (const x of extensions) {
    add(x.studentId, x.lessonId, {
      at: x.submittedAt ?? x.draftSavedAt,
      what: "day4",
      submitted: x.submittedAt !== null,
    });
    if (x.score !== null) {
      expect(x.scoreText).toBe(EXTENSION_RUBRIC[x.score - 1]?.description);
      expect(x.scoredBy).not.toBeNull();
      expect(x.scoredAt?.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  }
  const rulesOf = new Map(
    students.map((s) => [
      s.id,
      // The demo world saves no class preferences: every class has the defaults.
      resolveLessonRules(
        { require_3x: tri(s.require3x), require_retake: tri(s.requireRetake) },
        lessonDefaultsOf(DEFAULT_CLASS_SETTINGS),
      ),
    ]),
  );
  for (const plan of plans) {
    const rules = rulesOf.get(plan.studentId);
    if (!rules) throw new Error(`No student ${plan.studentId}`);
    const list = (events.get(key(plan.studentId, plan.lessonId)) ?? []).sort(
      (a, b) => a.at.getTime() - b.at.getTime(),
    );
    if (plan.status === "assigned") expect(list).toEqual([]);
    const progress: LessonProgress = { ...EMPTY_PROGRESS, days: { ...EMPTY_PROGRESS.days } };
    const tries: Record<TestDay, number> = { 1: 0, 2: 0, 3: 0 };
    for (const e of list) {
      expect(e.at.getTime()).toBeGreaterThanOrEqual(plan.startedAt?.getTime() ?? 0);
      expect(e.at.getTime()).toBeLessThanOrEqual((plan.completedAt ?? now).getTime());
      if (e.what === "read") progress.readAlongs += 1;
      if (e.what === "attempt") {
        expect(lockReason(e.day, progress, rules)).toBeNull();
        expect(e.attempt).toBe(tries[e.day] + 1);
        if (e.attempt > 1) expect(progress.days[e.day]).toBeLessThan(PASSING_PERCENT);
        tries[e.day] = e.attempt;
        progress.days[e.day] = e.percent;
      }
      if (e.what === "day4") {
        expect(lockReason(4, progress, rules)).toBeNull();
        progress.extension = e.submitted ? "submitted" : "draft";
        if (e.submitted) expect(e.at).toEqual(plan.completedAt);
      }
    }
    expect(isLessonComplete(progress, rules), `lesson ${key(plan.studentId, plan.lessonId)}`).toBe(
      plan.status === "completed",
    );
  }
  return plans.length;
}

describe("demo history", () => {
  it("follows the lesson rules: completed lessons complete, started ones not, retakes after failures", async () => {
    expect(await expectRuleConsistent(new Date())).toBeGreaterThan(100);
    const attempts = await ctx.db.select().from(examAttempts);
    // The demo shows retakes, failures left to retake and day 4 answers in every state.
    expect(attempts.some((a) => a.attempt > 1)).toBe(true);
    expect(attempts.some((a) => (a.percent ?? 0) < PASSING_PERCENT)).toBe(true);
    const extensions = await ctx.db.select().from(extensionResponses);
    expect(extensions.some((x) => x.submittedAt === null)).toBe(true);
    expect(extensions.some((x) => x.score !== null)).toBe(true);
    expect(extensions.some((x) => x.submittedAt !== null && x.score === null)).toBe(true);
  });

  it("scores every attempt from answers of its own lesson and day, as the exam does", async () => {
    const choices = await ctx.db
      .select({
        lessonId: examQuestions.lessonId,
        day: examQuestions.day,
        question: examQuestions.id,
        answer: examAnswers.id,
        correct: examAnswers.correct,
      })
      .from(examAnswers)
      .innerJoin(examQuestions, eq(examQuestions.id, examAnswers.questionId));
    const choiceOf = new Map(choices.map((c) => [c.answer, c]));
    const perDay = new Map<string, number>();
    for (const c of choices) {
      const k = `${c.lessonId}|${c.day}`;
      if (c.correct) perDay.set(k, (perDay.get(k) ?? 0) + 1);
    }
    for (const a of await ctx.db.select().from(examAttempts)) {
      expect(new Set(a.answers.map((x) => x.question)).size).toBe(a.answers.length);
      expect(a.answers.length).toBe(perDay.get(`${a.lessonId}|${a.day}`));
      let correct = 0;
      for (const x of a.answers) {
        const choice = choiceOf.get(x.answer);
        expect(choice).toMatchObject({ lessonId: a.lessonId, day: a.day, question: x.question });
        if (choice?.correct) correct += 1;
      }
      expect([a.correct, a.solved, a.percent]).toEqual([
        correct,
        a.answers.length,
        dayPercent(correct, a.answers.length),
      ]);
    }
  });

  it("keeps daily time-on-task buckets within a day, with the school a heartbeat copies", async () => {
    const teacher = alias(users, "teacher");
    const rows = await ctx.db
      .select({
        kind: timeOnTask.kind,
        day: timeOnTask.day,
        seconds: timeOnTask.seconds,
        schoolId: timeOnTask.schoolId,
        lastBeatAt: timeOnTask.lastBeatAt,
        role: users.role,
        expectedSchool: sql<number | null>`coalesce(${users.schoolId}, ${teacher.schoolId})`,
      })
      .from(timeOnTask)
      .innerJoin(users, eq(users.id, timeOnTask.userId))
      .leftJoin(teacher, eq(teacher.id, users.teacherId));
    const first = historyStart("demo", madeAt).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    for (const r of rows) {
      expect(r.seconds).toBeGreaterThan(0);
      expect(r.seconds).toBeLessThanOrEqual(86_400);
      expect(r.schoolId).toBe(r.expectedSchool);
      expect(r.lastBeatAt.toISOString().slice(0, 10)).toBe(r.day);
      expect(r.day <= today).toBe(true);
      if (r.role === "student") expect(STUDENT_TIME_KINDS as readonly string[]).toContain(r.kind);
      else {
        expect([r.role, r.kind]).toEqual(["teacher", "teacher_investment"]);
        expect(r.day >= first).toBe(true);
      }
    }
    const kinds = new Set(rows.map((r) => r.kind));
    expect([...kinds].sort()).toEqual([
      "comprehension",
      "learning",
      "reading",
      "teacher_investment",
    ]);
    expect(rows.filter((r) => r.schoolId !== null).length).toBeGreaterThan(rows.length / 2);
    // Every student who worked in a lesson has learning time.
    const workers = await ctx.db
      .selectDistinct({ id: assignments.studentId })
      .from(assignments)
      .where(inArray(assignments.status, ["started", "completed"]));
    const learners = await ctx.db
      .selectDistinct({ id: timeOnTask.userId })
      .from(timeOnTask)
      .where(eq(timeOnTask.kind, "learning"));
    expect(new Set(learners.map((l) => l.id))).toEqual(new Set(workers.map((w) => w.id)));
  });

  it("shows on a demo student's home: a completed lesson with its scores", async () => {
    const login = demoLogins().find((l) => l.note === "teacher ms.rivera");
    if (!login) throw new Error("No demo student of ms.rivera");
    const client = ctx.client();
    const reply = await client.post("/student/login", {
      step: 3,
      type: "input",
      teacher: "ms.rivera",
      student: login.login,
      password: login.password,
    });
    expect(reply.status).toBe(200);
    const home = await client.get("/learning/home");
    expect(home.status).toBe(200);
    const progress: {
      completed: boolean;
      readAlongs: number;
      days: { percent: number | null; attempts: number }[];
      extension: { state: string };
    }[] = home.body.data.progress;
    const done = progress.filter((p) => p.completed);
    expect(done.length).toBeGreaterThan(0);
    for (const p of done) {
      expect(p.days.every((d) => d.percent !== null && d.attempts >= 1)).toBe(true);
      expect(p.extension.state).toBe("submitted");
    }
  });

  it("takes well under a couple of seconds and is the same every time for the same world and moment", async () => {
    const now = new Date();
    await clearHistory();
    const started = performance.now();
    const counts = await generateHistory(ctx.db, "demo", now);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(counts.earlierLessons).toBe(0);
    const first = await snapshot();
    expect(first.attempts.length).toBe(counts.examAttempts);
    expect(first.time.length).toBe(counts.timeOnTask);
    await clearHistory();
    expect(await generateHistory(ctx.db, "demo", now)).toEqual(counts);
    expect(await snapshot()).toEqual(first);
  });

  it("follows require_3x and require_retake for the students who have them", async () => {
    const students = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, "student"))
      .orderBy(asc(users.id));
    const strict = students.filter((_, i) => i % 3 === 0).map((s) => s.id);
    await ctx.db
      .update(users)
      .set({ require3x: true, requireRetake: true })
      .where(inArray(users.id, strict));
    await clearHistory();
    const now = new Date();
    await generateHistory(ctx.db, "demo", now);
    await expectRuleConsistent(now);
    const strictReads = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(readAlongs)
      .where(inArray(readAlongs.studentId, strict));
    expect(strictReads[0]?.n).toBeGreaterThan(strict.length * 3);
  });

  it("for the large world, adds the rest of each level completed earlier in the school year", async () => {
    await clearHistory();
    const now = new Date();
    const counts = await generateHistory(ctx.db, "large", now);
    expect(counts.earlierLessons).toBeGreaterThan(0);
    await expectRuleConsistent(now);
    const perStudent = await ctx.db
      .select({ n: sql<number>`count(*)::int`, plan: users.planId })
      .from(assignments)
      .innerJoin(users, eq(users.id, assignments.studentId))
      // The level's lessons: a benchmark passage assigned for a demo recording is not one.
      .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
      .where(eq(lessons.planId, users.planId))
      .groupBy(assignments.studentId, users.planId);
    const levelSize = await ctx.db
      .select({ plan: lessons.planId, n: sql<number>`count(*)::int` })
      .from(lessons)
      .groupBy(lessons.planId);
    const sizeOf = new Map(levelSize.map((l) => [l.plan, l.n]));
    for (const s of perStudent) expect(s.n).toBe(sizeOf.get(s.plan ?? 0));
    // About 180 school days: the first lessons of the year start in its first days.
    const [span] = await ctx.db
      .select({ first: sql<string>`min(${timeOnTask.day})::text` })
      .from(timeOnTask);
    const start = historyStart("large", now).getTime();
    const first = new Date(`${span?.first}T23:59:59Z`).getTime();
    expect(first).toBeGreaterThanOrEqual(start);
    expect(first).toBeLessThan(start + 7 * 86_400_000);
  });
});

describe("planLessonHistory", () => {
  const questions = (day: number) =>
    Array.from({ length: 4 }, (_, q) => ({
      id: day * 10 + q,
      right: day * 100 + q * 4,
      wrong: [1, 2, 3].map((w) => day * 100 + q * 4 + w),
    }));
  const lesson = (status: "started" | "completed", require3x: boolean, requireRetake: boolean) => ({
    studentId: 1,
    teacherId: 2,
    lessonId: 3,
    title: "Drip Drop Journey",
    status,
    startedAt: new Date("2026-10-01T09:00:00Z"),
    end: new Date("2026-10-06T11:00:00Z"),
    rules: { require3x, requireRetake, requireExtension: true },
    questions: { 1: questions(1), 2: questions(2), 3: questions(3) },
  });

  it("completes a completed lesson and never a started one, under every rule", () => {
    const random = seededRandom(1);
    const now = new Date("2026-11-01T00:00:00Z");
    for (let i = 0; i < 200; i++)
      for (const status of ["started", "completed"] as const)
        for (const [require3x, requireRetake] of [
          [false, false],
          [true, false],
          [false, true],
          [true, true],
        ] as const) {
          const plan = lesson(status, require3x, requireRetake);
          const h = planLessonHistory(random, plan, now);
          const progress: LessonProgress = {
            readAlongs: h.readAlongs.length,
            days: { 1: null, 2: null, 3: null },
            extension: h.extension ? (h.extension.submittedAt ? "submitted" : "draft") : "none",
          };
          for (const a of h.attempts) progress.days[a.day] = a.percent;
          expect(isLessonComplete(progress, plan.rules)).toBe(status === "completed");
          for (const at of [
            ...h.readAlongs.map((r) => r.createdAt),
            ...h.attempts.map((a) => a.createdAt),
            ...h.activity.map((a) => a.at),
          ]) {
            expect(at >= plan.startedAt && at <= plan.end).toBe(true);
          }
        }
  });
});
