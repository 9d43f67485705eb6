import {
  OVERALL,
  type ResetCounts,
  rangeBounds,
  type SevenDayFacts,
  type SevenDayRow,
  sevenDayRowOf,
} from "@refrain/domain";
import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { classOrder, studentsOf } from "../../core/access.ts";
import type { Auth } from "../../core/context.ts";
import { notFound } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { readAll } from "../../db/queries.ts";
import {
  examAttempts,
  extensionResponses,
  lessons,
  readAlongs,
  recordings,
  users,
} from "../../db/schema/index.ts";
import { attemptDay, latestAttemptFirst } from "../learning/index.ts";
import { resetScores } from "./score-reset.ts";

/**
 * The seven day progress table (grading spec §2, §3 "Seven-day row"): the records of a date
 * range, for one student or the whole class, in seven queries whatever the class's size. The
 * columns' meaning is the domain's (reports/seven-day.ts).
 */

type Who = number | typeof OVERALL;
interface Range {
  start_date: string;
  end_date: string;
}

/** The class's students (or the one, else 404), by last name. */
async function studentsFor(db: Db, teacherId: number, who: Who) {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(studentsOf(teacherId), who === OVERALL ? undefined : eq(users.id, who)))
    .orderBy(...classOrder);
  if (who !== OVERALL && rows.length === 0) throw notFound();
  return rows.map((s) => ({ id: s.id, fullname: `${s.firstName} ${s.lastName}`.trim() }));
}

/**
 * What each student did in the range: latest attempts, hand-ins, and the lessons worked. A
 * lesson is worked by any record of work in the range, as the class summary's Stories and the
 * weekly report count it: a read-along, an exam attempt, a day 4 answer (a draft saved or a
 * hand-in) or a reading recorded. `scored` is the narrower set the reset-all has always cleared
 * (an attempt, a hand-in or a read-along in the range): a lesson only drafted or recorded in the
 * range is listed, and its earlier scores stay out of the reset's reach.
 */
async function workInRange(db: Db, studentIds: readonly number[], range: Range) {
  const { from, before } = rangeBounds(range);
  const ids = [...studentIds];
  const within = (column: AnyPgColumn) => and(gte(column, from), lt(column, before));
  // Also in the reset's transaction (resetSevenDay).
  const [attempts, handedIn, read, drafted, recorded] = await readAll(db, [
    db
      .selectDistinctOn(attemptDay, {
        studentId: examAttempts.studentId,
        lessonId: examAttempts.lessonId,
        day: examAttempts.day,
        correct: examAttempts.correct,
        solved: examAttempts.solved,
      })
      .from(examAttempts)
      .where(and(inArray(examAttempts.studentId, ids), within(examAttempts.createdAt)))
      .orderBy(...latestAttemptFirst),
    db
      .select({ studentId: extensionResponses.studentId, lessonId: extensionResponses.lessonId })
      .from(extensionResponses)
      .where(
        and(inArray(extensionResponses.studentId, ids), within(extensionResponses.submittedAt)),
      )
      .orderBy(asc(extensionResponses.submittedAt)),
    db
      .selectDistinct({ studentId: readAlongs.studentId, lessonId: readAlongs.lessonId })
      .from(readAlongs)
      .where(and(inArray(readAlongs.studentId, ids), within(readAlongs.createdAt))),
    db
      .select({ studentId: extensionResponses.studentId, lessonId: extensionResponses.lessonId })
      .from(extensionResponses)
      .where(
        and(inArray(extensionResponses.studentId, ids), within(extensionResponses.draftSavedAt)),
      ),
    db
      .selectDistinct({ studentId: recordings.studentId, lessonId: recordings.lessonId })
      .from(recordings)
      .where(and(inArray(recordings.studentId, ids), within(recordings.createdAt))),
  ]);
  const lessonsBy = (rows: readonly { studentId: number; lessonId: number }[]) => {
    const out = new Map<number, Set<number>>(ids.map((id) => [id, new Set()]));
    for (const r of rows) out.get(r.studentId)?.add(r.lessonId);
    return out;
  };
  const scored = [...attempts, ...handedIn, ...read];
  return {
    attempts,
    handedIn,
    worked: lessonsBy([...scored, ...drafted, ...recorded]),
    scored: lessonsBy(scored),
  };
}

export async function sevenDayRows(
  db: Db,
  teacherId: number,
  who: Who,
  range: Range,
): Promise<SevenDayRow[]> {
  const students = await studentsFor(db, teacherId, who);
  if (students.length === 0) return [];
  const work = await workInRange(
    db,
    students.map((s) => s.id),
    range,
  );
  const lessonIds = [...new Set([...work.worked.values()].flatMap((set) => [...set]))];
  const lessonRows =
    lessonIds.length === 0
      ? []
      : await db
          .select({
            id: lessons.id,
            title: lessons.title,
            wordsPerMinute: lessons.wordsPerMinute,
            lexile: lessons.lexile,
          })
          .from(lessons)
          .where(inArray(lessons.id, lessonIds));
  const lessonOf = new Map(lessonRows.map((l) => [l.id, l]));
  return students.map((student) => {
    const facts: SevenDayFacts = {
      student,
      lessons: [...(work.worked.get(student.id) ?? [])].flatMap((id) => lessonOf.get(id) ?? []),
      attempts: work.attempts.filter((a) => a.studentId === student.id),
      extensions: work.handedIn.filter((e) => e.studentId === student.id).map((e) => e.lessonId),
    };
    return sevenDayRowOf(facts);
  });
}

/**
 * The table's reset-all: every score of each lesson with an attempt, a hand-in or a read-along
 * in the range (workInRange's `scored`), for the student or the whole class (score-reset.ts;
 * audited per student). Answers with the fresh rows.
 */
export async function resetSevenDay(
  db: Db,
  caller: { auth: Auth; ip: string },
  who: Who,
  range: Range,
): Promise<{ cleared: ResetCounts; rows: SevenDayRow[] }> {
  const teacherId = caller.auth.user.id;
  const cleared = await db.transaction(async (tx) => {
    const students = await studentsFor(tx, teacherId, who);
    if (students.length === 0) return { lessons: 0, attempts: 0, extensions: 0 };
    const { scored } = await workInRange(
      tx,
      students.map((s) => s.id),
      range,
    );
    return resetScores(
      tx,
      {
        ...caller,
        teacherId,
        action: "reports.reset_range",
        asked: { start_date: range.start_date, end_date: range.end_date },
      },
      students.map((s) => ({ studentId: s.id, lessonIds: [...(scored.get(s.id) ?? [])] })),
      [1, 2, 3, 4],
    );
  });
  return { cleared, rows: await sevenDayRows(db, teacherId, who, range) };
}
