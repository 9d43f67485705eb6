import { desc, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { examAttempts } from "../../db/schema/index.ts";

/**
 * "The latest attempt counts" (decision 0013), written once: every attempt is kept, and of each
 * student's lesson day the one with the highest number is the day's score.
 */

/** What a read of the attempts that count is distinct on: a student's lesson day. */
export const attemptDay = [examAttempts.studentId, examAttempts.lessonId, examAttempts.day];

/** Its order: each lesson day's latest attempt first, the one `distinct on` keeps. */
export const latestAttemptFirst = [...attemptDay, desc(examAttempts.attempt)];

/** Of the attempts `where` selects, the percent of each lesson day's attempt that counts. */
export const latestDayPercents = (db: Db, where: SQL | undefined) =>
  db
    .selectDistinctOn(attemptDay, {
      studentId: examAttempts.studentId,
      lessonId: examAttempts.lessonId,
      day: examAttempts.day,
      percent: examAttempts.percent,
    })
    .from(examAttempts)
    .where(where)
    .orderBy(...latestAttemptFirst);

/**
 * The attempts that count in raw SQL, for report queries written in SQL (the same rows as
 * `attemptDay` and `latestAttemptFirst` select, latest-attempts.test.ts): the attempts `a` of the
 * students of the CTE `students` (joined as `p` on their `id`) that `where` selects, with `columns`.
 */
export const latestAttemptsSql = (columns: SQL, students: string, where: SQL) => sql`
  select distinct on (a.student_id, a.lesson_id, a.day) ${columns}
  from ${sql.identifier(students)} p join exam_attempts a on a.student_id = p.id
  where ${where}
  order by a.student_id, a.lesson_id, a.day, a.attempt desc`;
