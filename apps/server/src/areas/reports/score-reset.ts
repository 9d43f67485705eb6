import { EXTENSION_DAY, type ResetCounts, staysCompleteAfterReset } from "@refrain/domain";
import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { recordAudit } from "../../core/audit.ts";
import type { Auth } from "../../core/context.ts";
import type { Db } from "../../db/client.ts";
import { assignments, examAttempts, extensionResponses } from "../../db/schema/index.ts";
import { lessonDefaultsOf, loadClassSettings } from "../account/index.ts";

/**
 * Resetting scores (grading spec §2 "Detailed student report", "Seven day progress table"),
 * the one way the detailed report's resets and the seven-day reset-all clear scores, so that
 * a day reset is the same change whichever page asked for it:
 *
 * - day 1–3: the day's exam attempts are deleted. The latest attempt is the day's score and the
 *   next attempt is numbered from the ones left (docs/decisions/0013), so the day is open to be
 *   taken anew from attempt 1. What was deleted is kept in the audit row.
 * - day 4: the handed-in answer is reopened: its text goes back to the draft (the student
 *   revises rather than retypes), and the hand-in, the rubric score and the comment are cleared
 *   (kept in the audit row).
 * - the assignment follows the completion rule: a completed lesson that no longer is one goes
 *   back to started.
 *
 * Read-alongs, recordings and their fluency grades are never touched.
 */

export type ResetDay = 1 | 2 | 3 | 4;

/** Whose lessons are reset: each student with the lessons concerned. */
export interface ResetTarget {
  studentId: number;
  lessonIds: readonly number[];
}

export interface ResetRequest {
  auth: Auth;
  ip: string;
  teacherId: number;
  /** The audit action, naming the page's reset. */
  action: string;
  /** What the caller asked for (a day, a date range), recorded with what was cleared. */
  asked: Record<string, unknown>;
}

/** Ids as a PostgreSQL int[] literal: whole numbers only, so nothing needs quoting. */
const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(",")}}`;

/** Rows whose (student, lesson) is one of the pairs: one statement for any number of them. */
function pairIn(student: AnyPgColumn, lesson: AnyPgColumn, pairs: readonly Pair[]): SQL {
  const students = intArray(pairs.map((p) => p.studentId));
  const lessons = intArray(pairs.map((p) => p.lessonId));
  return sql`(${student}, ${lesson}) in (select * from unnest(${students}::int[], ${lessons}::int[]))`;
}

interface Pair {
  studentId: number;
  lessonId: number;
}
const keyOf = (p: Pair) => `${p.studentId}:${p.lessonId}`;

/** Clears `days` of every target's lessons in `db` (a transaction), audited per student. */
export async function resetScores(
  db: Db,
  request: ResetRequest,
  targets: readonly ResetTarget[],
  days: readonly ResetDay[],
): Promise<ResetCounts> {
  const pairs = targets.flatMap((t) => t.lessonIds.map((lessonId) => ({ ...t, lessonId })));
  const testDays = days.filter((d) => d !== EXTENSION_DAY);
  const attempts =
    pairs.length > 0 && testDays.length > 0
      ? await db
          .delete(examAttempts)
          .where(
            and(
              pairIn(examAttempts.studentId, examAttempts.lessonId, pairs),
              inArray(examAttempts.day, testDays),
            ),
          )
          .returning({
            studentId: examAttempts.studentId,
            lessonId: examAttempts.lessonId,
            day: examAttempts.day,
            attempt: examAttempts.attempt,
            correct: examAttempts.correct,
            solved: examAttempts.solved,
            percent: examAttempts.percent,
            at: examAttempts.createdAt,
          })
      : [];
  const extensions =
    pairs.length > 0 && days.includes(EXTENSION_DAY) ? await reopenExtensions(db, pairs) : [];

  // Back from completed to started where the completion rule no longer holds.
  const { requireExtension } = lessonDefaultsOf(await loadClassSettings(db, request.teacherId));
  const clearedDays = new Set(attempts.map(keyOf));
  const clearedExtension = new Set(extensions.map(keyOf));
  const demoted = pairs.filter(
    (p) =>
      !staysCompleteAfterReset(
        { days: clearedDays.has(keyOf(p)), extension: clearedExtension.has(keyOf(p)) },
        requireExtension,
      ),
  );
  if (demoted.length > 0)
    await db
      .update(assignments)
      .set({ status: "started", completedAt: null })
      .where(
        and(
          pairIn(assignments.studentId, assignments.lessonId, demoted),
          eq(assignments.status, "completed"),
        ),
      );

  for (const target of targets) {
    const mine = <T extends Pair>(rows: readonly T[]) =>
      rows.filter((r) => r.studentId === target.studentId).map(({ studentId: _, ...rest }) => rest);
    const cleared = { attempts: mine(attempts), extensions: mine(extensions) };
    await recordAudit(db, {
      actor: request.auth,
      action: request.action,
      target: target.studentId,
      ip: request.ip,
      details: {
        ...request.asked,
        days,
        lessons: target.lessonIds,
        counts: { attempts: cleared.attempts.length, extensions: cleared.extensions.length },
        cleared,
      },
    });
  }
  return {
    lessons: new Set([...clearedDays, ...clearedExtension]).size,
    attempts: attempts.length,
    extensions: extensions.length,
  };
}

/** Reopens the handed-in day 4 answers of the pairs; answers with what each held before. */
async function reopenExtensions(db: Db, pairs: readonly Pair[]) {
  const before = await db
    .select({
      id: extensionResponses.id,
      studentId: extensionResponses.studentId,
      lessonId: extensionResponses.lessonId,
      submittedAt: extensionResponses.submittedAt,
      score: extensionResponses.score,
      scoreText: extensionResponses.scoreText,
      comment: extensionResponses.comment,
      scoredAt: extensionResponses.scoredAt,
      scoredBy: extensionResponses.scoredBy,
    })
    .from(extensionResponses)
    .where(
      and(
        pairIn(extensionResponses.studentId, extensionResponses.lessonId, pairs),
        isNotNull(extensionResponses.submittedAt),
      ),
    )
    .for("update");
  if (before.length === 0) return [];
  await db
    .update(extensionResponses)
    .set({
      draft: sql`${extensionResponses.response}`,
      draftSavedAt: new Date(),
      response: null,
      submittedAt: null,
      score: null,
      scoreText: null,
      comment: null,
      scoredAt: null,
      scoredBy: null,
    })
    .where(
      inArray(
        extensionResponses.id,
        before.map((r) => r.id),
      ),
    );
  return before.map(({ id: _, ...rest }) => rest);
}
