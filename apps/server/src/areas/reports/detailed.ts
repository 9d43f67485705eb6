import {
  type DetailedReport,
  type LatestAttempt,
  lessonScoreRowOf,
  type ResetCounts,
  reportTableOf,
  reportTables,
} from "@refrain/domain";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { studentsOf } from "../../core/access.ts";
import type { Auth } from "../../core/context.ts";
import { notFound, ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import {
  assignments,
  examAttempts,
  extensionResponses,
  lessons,
  readAlongs,
  users,
} from "../../db/schema/index.ts";
import { attemptDay, latestAttemptFirst } from "../learning/index.ts";
import { type ResetDay, resetScores } from "./score-reset.ts";

/**
 * The detailed student report (grading spec §2, §3 "Lesson score row", §7): every lesson the
 * student has (assigned, or worked in) with each day's latest attempt, in the three tables.
 */

/** The teacher's student with the name the report shows; 404 for anyone else's. */
export async function reportStudent(db: Db, teacherId: number, studentId: number) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, studentId), studentsOf(teacherId)));
  const student = ownedOr404(row);
  return { id: student.id, fullname: `${student.firstName} ${student.lastName}`.trim() };
}

/**
 * The student's lesson list: five queries whatever the number of lessons. A lesson is listed
 * when it is assigned or has any record (an unassigned lesson keeps its work, decision 0006).
 */
async function lessonRows(db: Db, studentId: number) {
  const [assigned, latest, handedIn, read] = await Promise.all([
    db
      .select({
        lessonId: assignments.lessonId,
        status: assignments.status,
        assignedBy: assignments.assignedBy,
      })
      .from(assignments)
      .where(eq(assignments.studentId, studentId)),
    db
      .selectDistinctOn(attemptDay, {
        lessonId: examAttempts.lessonId,
        day: examAttempts.day,
        correct: examAttempts.correct,
        solved: examAttempts.solved,
        at: examAttempts.createdAt,
      })
      .from(examAttempts)
      .where(eq(examAttempts.studentId, studentId))
      .orderBy(...latestAttemptFirst),
    db
      .select({
        lessonId: extensionResponses.lessonId,
        points: extensionResponses.score,
        submittedAt: extensionResponses.submittedAt,
      })
      .from(extensionResponses)
      .where(eq(extensionResponses.studentId, studentId)),
    db
      .selectDistinct({ lessonId: readAlongs.lessonId })
      .from(readAlongs)
      .where(eq(readAlongs.studentId, studentId)),
  ]);
  const ids = [...new Set([...assigned, ...latest, ...handedIn, ...read].map((r) => r.lessonId))];
  const titles =
    ids.length === 0
      ? []
      : await db
          .select({ id: lessons.id, title: lessons.title })
          .from(lessons)
          .where(inArray(lessons.id, ids))
          .orderBy(asc(lessons.id));
  const attemptsOf = new Map<number, LatestAttempt[]>();
  for (const a of latest) attemptsOf.set(a.lessonId, [...(attemptsOf.get(a.lessonId) ?? []), a]);
  const assignmentOf = new Map(assigned.map((a) => [a.lessonId, a]));
  const extensionOf = new Map(handedIn.map((e) => [e.lessonId, e]));
  return titles.map((lesson) => {
    const extension = extensionOf.get(lesson.id);
    return lessonScoreRowOf({
      ...lesson,
      table: reportTableOf(assignmentOf.get(lesson.id) ?? null),
      attempts: attemptsOf.get(lesson.id) ?? [],
      extension: extension?.submittedAt
        ? { points: extension.points, submittedAt: extension.submittedAt }
        : null,
    });
  });
}

export async function detailedReport(
  db: Db,
  teacherId: number,
  studentId: number,
): Promise<DetailedReport> {
  const student = await reportStudent(db, teacherId, studentId);
  return { student, type: "lessons", ...reportTables(await lessonRows(db, studentId)) };
}

/**
 * Whether the student ever started the lesson: the assignment left "assigned", or any record
 * of it exists (a lesson unassigned since keeps its work). A reset of anything else is 404.
 */
async function everStarted(db: Db, studentId: number, lessonId: number): Promise<boolean> {
  const of = (table: typeof examAttempts | typeof extensionResponses | typeof readAlongs) =>
    sql`exists (select 1 from ${table} where ${table.studentId} = ${studentId} and ${table.lessonId} = ${lessonId})`;
  const [row] = await db
    .select({
      started: sql<boolean>`exists (select 1 from ${assignments} where ${assignments.studentId} = ${studentId} and ${assignments.lessonId} = ${lessonId} and ${assignments.status} <> 'assigned')
        or ${of(examAttempts)} or ${of(extensionResponses)} or ${of(readAlongs)}`,
    })
    .from(users)
    .where(eq(users.id, studentId));
  return row?.started === true;
}

interface Caller {
  auth: Auth;
  ip: string;
}

/** Resets one day (1–3, or 4 the extension) of one lesson; answers with the fresh report. */
export async function resetLessonDay(
  db: Db,
  caller: Caller,
  studentId: number,
  lessonId: number,
  day: ResetDay,
): Promise<{ cleared: ResetCounts; report: DetailedReport }> {
  const teacherId = caller.auth.user.id;
  const cleared = await db.transaction(async (tx) => {
    await reportStudent(tx, teacherId, studentId);
    if (!(await everStarted(tx, studentId, lessonId))) throw notFound();
    return resetScores(
      tx,
      { ...caller, teacherId, action: "reports.reset_day", asked: { lesson_id: lessonId, day } },
      [{ studentId, lessonIds: [lessonId] }],
      [day],
    );
  });
  return { cleared, report: await detailedReport(db, teacherId, studentId) };
}

/** Resets every day of every lesson the student has scores in. */
export async function resetStudentOverall(
  db: Db,
  caller: Caller,
  studentId: number,
): Promise<{ cleared: ResetCounts; report: DetailedReport }> {
  const teacherId = caller.auth.user.id;
  const cleared = await db.transaction(async (tx) => {
    await reportStudent(tx, teacherId, studentId);
    const scored = await tx
      .select({ lessonId: examAttempts.lessonId })
      .from(examAttempts)
      .where(eq(examAttempts.studentId, studentId))
      .union(
        tx
          .select({ lessonId: extensionResponses.lessonId })
          .from(extensionResponses)
          .where(
            and(
              eq(extensionResponses.studentId, studentId),
              isNotNull(extensionResponses.submittedAt),
            ),
          ),
      );
    return resetScores(
      tx,
      { ...caller, teacherId, action: "reports.reset_overall", asked: {} },
      [{ studentId, lessonIds: scored.map((s) => s.lessonId) }],
      [1, 2, 3, 4],
    );
  });
  return { cleared, report: await detailedReport(db, teacherId, studentId) };
}
