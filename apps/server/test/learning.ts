import { and, asc, eq } from "drizzle-orm";
import { ensureCatalog } from "../src/catalog/catalog.ts";
import {
  assignments,
  examAnswers,
  examAttempts,
  examQuestions,
  lessons,
  users,
} from "../src/db/schema/index.ts";
import type { TestContext } from "./build-test-app.ts";

/** The catalog's lesson ids by plan (level) id, each level's in catalog order. */
export async function catalogByPlan(ctx: TestContext) {
  await ensureCatalog(ctx.db);
  const rows = await ctx.db
    .select({ id: lessons.id, planId: lessons.planId })
    .from(lessons)
    .orderBy(asc(lessons.id));
  const byPlan = new Map<number, number[]>();
  for (const row of rows) byPlan.set(row.planId, [...(byPlan.get(row.planId) ?? []), row.id]);
  return byPlan;
}

/** The catalog's lessons, as the learning tests use them: Second Grade (the factory's students' level) and one Fifth Grade. */
export async function catalogLessons(ctx: TestContext) {
  const byPlan = await catalogByPlan(ctx);
  return { second: byPlan.get(8) ?? [], fifthGrade: byPlan.get(11)?.[0] as number };
}

/** A student's assignment of a lesson, if they have one. */
export async function assignmentOf(ctx: TestContext, studentId: number, lessonId: number) {
  const [row] = await ctx.db
    .select()
    .from(assignments)
    .where(and(eq(assignments.studentId, studentId), eq(assignments.lessonId, lessonId)));
  return row;
}

/** The student's teacher assigns them a lesson, not yet started. */
export async function assignLesson(ctx: TestContext, studentId: number, lessonId: number) {
  await ctx.db
    .insert(assignments)
    .values({ studentId, lessonId, assignedBy: "teacher", status: "assigned" });
}

/**
 * A scored exam attempt with no answers kept, `correct` of `solved` questions right (its percent
 * rounded, as the learning area keeps it), made at `createdAt`.
 */
export async function examAttempt(
  ctx: TestContext,
  attempt: {
    studentId: number;
    lessonId: number;
    day: number;
    attempt: number;
    correct: number;
    solved: number;
    createdAt: Date;
  },
) {
  const percent = Math.round((attempt.correct / attempt.solved) * 100);
  await ctx.db.insert(examAttempts).values({ ...attempt, answers: [], percent });
}

/** A day's answers: the first `rightCount` questions answered right, the rest wrong. */
export async function dayAnswers(
  ctx: TestContext,
  lessonId: number,
  day: number,
  rightCount: number,
) {
  const questions = await ctx.db
    .select({ id: examQuestions.id })
    .from(examQuestions)
    .where(and(eq(examQuestions.lessonId, lessonId), eq(examQuestions.day, day)))
    .orderBy(asc(examQuestions.position));
  const out: { question: number; answer: number }[] = [];
  for (const [i, q] of questions.entries()) {
    const [choice] = await ctx.db
      .select({ id: examAnswers.id })
      .from(examAnswers)
      .where(and(eq(examAnswers.questionId, q.id), eq(examAnswers.correct, i < rightCount)))
      .limit(1);
    out.push({ question: q.id, answer: choice?.id as number });
  }
  return out;
}

/**
 * A student of a new teacher at a new school, signed in; `settings` are the student's own
 * roster settings (null inherits the class's).
 */
export async function signedInStudent(
  ctx: TestContext,
  settings: { require3x?: boolean; requireRetake?: boolean; slowVideo?: boolean } = {},
) {
  const school = await ctx.factories.school();
  const teacher = await ctx.factories.user({ role: "teacher", schoolId: school.id });
  const student = await ctx.factories.user({ role: "student", teacherId: teacher.id });
  await ctx.db
    .update(users)
    .set({
      require3x: settings.require3x ?? null,
      requireRetake: settings.requireRetake ?? null,
      slowVideo: settings.slowVideo ?? null,
    })
    .where(eq(users.id, student.id));
  const client = ctx.client();
  await client.signIn({ ...student, teacherUsername: teacher.username });
  return { student, teacher, school, client };
}
