import {
  accuracyPercent,
  type Classification,
  correctWordsPerMinute,
  fullName,
  type gradeBody,
  gradingMessages,
  RECORDING_TYPES,
  type Reading,
  type ReadingSet,
  type ReadingSuggestion,
  type SavedGrade,
  suggestionMessages,
} from "@refrain/domain";
import { and, asc, desc, eq, inArray, isNotNull, lte, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { classOrder, studentsOf } from "../../core/access.ts";
import type { AuthUser } from "../../core/context.ts";
import { conflict, invalid, ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import {
  lessons,
  lessonWords,
  recordingGrades,
  recordingShares,
  recordings,
  users,
} from "../../db/schema/index.ts";
import { type ReadyEstimates, readyEstimates, readyIn } from "./readiness.ts";
import { mediaUrls, newReading, presentRow, rowColumns } from "./service.ts";
import { suggestionsOf } from "./suggest.ts";

/**
 * Grading a reading (grading spec §3 Grade, §4 Grader, §5, §7): the teacher's lists of new
 * readings, the grading modal's reading set, grades, and the student's own graded readings.
 */

const grader = alias(users, "grader");

/** A grade with its grader's names. */
interface GradeRow {
  grade: typeof recordingGrades.$inferSelect;
  graderFirst: string | null;
  graderLast: string | null;
  graderUsername: string | null;
}

/** How a query selects a GradeRow, the grader joined as `grader`. */
const gradeColumns = {
  grade: recordingGrades,
  graderFirst: grader.firstName,
  graderLast: grader.lastName,
  graderUsername: grader.username,
};

function presentGrade({ grade, graderFirst, graderLast, graderUsername }: GradeRow): SavedGrade {
  return {
    id: grade.id,
    accuracy: grade.accuracy,
    expression: grade.expression,
    feedback: grade.feedback,
    selectedWordIds: grade.selectedWordIds,
    wpm: grade.wpm,
    lastWordId: grade.lastWordId,
    acceptedWordIds: grade.acceptedWordIds,
    lastWordSuggested: grade.lastWordSuggested,
    graded_at: grade.createdAt.toISOString(),
    // A grader whose account was removed is no longer named (the foreign key sets null).
    graded_by: fullName(graderFirst ?? "", graderLast ?? "") || (graderUsername ?? ""),
  };
}

/** The newest grade of each reading, in one query: Create New Grade adds one, the newest counts. */
async function newestGrades(db: Db, recordingIds: number[]) {
  if (recordingIds.length === 0) return new Map<number, SavedGrade>();
  const rows = await db
    .selectDistinctOn([recordingGrades.recordingId], gradeColumns)
    .from(recordingGrades)
    .leftJoin(grader, eq(grader.id, recordingGrades.gradedBy))
    .where(inArray(recordingGrades.recordingId, recordingIds))
    .orderBy(
      recordingGrades.recordingId,
      desc(recordingGrades.createdAt),
      desc(recordingGrades.id),
    );
  return new Map(rows.map((r) => [r.grade.recordingId, presentGrade(r)]));
}

/** The tab's label: the reading's type and its day, "Cold Read · 11/24/2026" (UTC). */
export function readingLabel(classification: Classification, createdAt: Date) {
  const day = createdAt.toLocaleDateString("en-US", {
    timeZone: "UTC",
    month: "2-digit",
    day: "2-digit",
    year: "numeric",
  });
  return `${RECORDING_TYPES[classification]} · ${day}`;
}

const readingColumns = { ...rowColumns, wordsPerMinute: lessons.wordsPerMinute };
type ReadingRow = Awaited<ReturnType<typeof classReadings>>[number];

/** The class's readings matching `where`, newest first, as the grading modal needs them. */
function classReadings(db: Db, teacherId: number, where: ReturnType<typeof and>) {
  return db
    .select(readingColumns)
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.studentId))
    .innerJoin(lessons, eq(lessons.id, recordings.lessonId))
    .where(and(studentsOf(teacherId), where))
    .orderBy(desc(recordings.createdAt), desc(recordings.id));
}

function presentReading(
  row: ReadingRow,
  grade: SavedGrade | null,
  suggestion: ReadingSuggestion | null,
  estimates: ReadyEstimates,
): Reading {
  const { video_url, thumbnail_url, lesson_id, ...shown } = presentRow(estimates, row);
  return {
    ...shown,
    url: video_url,
    thumbnail_url,
    label: readingLabel(row.classification, row.createdAt),
    grade,
    lesson: { id: lesson_id, title: row.lessonTitle, wordspermin: row.wordsPerMinute },
    suggestion,
  };
}

/**
 * GET /teacher/recordings/{id}: the asked reading with the student's other readings of the same
 * lesson, the newest of each classification (a failed one only when it is the one asked for),
 * each with its newest grade, and the lesson's words to mark.
 */
export async function readingSet(db: Db, teacherId: number, id: number): Promise<ReadingSet> {
  const [asked] = await classReadings(db, teacherId, eq(recordings.id, id));
  const found = ownedOr404(asked);
  const siblings = await classReadings(
    db,
    teacherId,
    and(
      eq(recordings.studentId, found.studentId),
      eq(recordings.lessonId, found.lessonId),
      ne(recordings.classification, found.classification),
      ne(recordings.status, "failed"),
    ),
  );
  const chosen = new Map<Classification, ReadingRow>([[found.classification, found]]);
  for (const row of siblings)
    if (!chosen.has(row.classification)) chosen.set(row.classification, row);
  const grades = await newestGrades(
    db,
    [...chosen.values()].map((r) => r.id),
  );
  const suggestions = await suggestionsOf(db, [...chosen.values()]);
  const words = await db
    .select({ id: lessonWords.id, text: lessonWords.text, line: lessonWords.line })
    .from(lessonWords)
    .where(eq(lessonWords.lessonId, found.lessonId))
    .orderBy(asc(lessonWords.position));
  const estimates = await readyEstimates(db, [...chosen.values()]);
  const entries: ReadingSet["entries"] = {};
  for (const [classification, row] of chosen)
    entries[classification] = presentReading(
      row,
      grades.get(row.id) ?? null,
      suggestions.get(row.id) ?? null,
      estimates,
    );
  return { id: found.id, selected: found.classification, entries, words };
}

/** The lesson word ids among `ids` that are not words of the lesson. */
async function wordsNotInLesson(db: Db, lessonId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: lessonWords.id })
    .from(lessonWords)
    .where(and(eq(lessonWords.lessonId, lessonId), inArray(lessonWords.id, ids)));
  const known = new Set(found.map((w) => w.id));
  return ids.filter((wordId) => !known.has(wordId));
}

/**
 * What was accepted from a suggestion must be what was suggested: the grade's record of it is
 * what agreement between engines and teachers is measured on.
 */
function acceptedSuggestionErrors(
  input: Pick<z.output<typeof gradeBody>, "acceptedWordIds" | "lastWordSuggested" | "lastWordId">,
  suggestion: ReadingSuggestion | undefined,
): Record<string, string[]> {
  const suggested = suggestion?.status === "suggested" ? suggestion : null;
  const errors: Record<string, string[]> = {};
  const missed = new Set(suggested?.missed.map((m) => m.wordId));
  if (input.acceptedWordIds.some((wordId) => !missed.has(wordId)))
    errors.acceptedWordIds = [suggestionMessages.acceptedNotSuggested];
  if (input.lastWordSuggested && input.lastWordId !== (suggested?.lastWordId ?? null))
    errors.lastWordSuggested = [suggestionMessages.lastWordNotSuggested];
  return errors;
}

/** The grade a submission made of a reading. */
async function gradeOfSubmission(db: Db, recordingId: number, submission: string) {
  const [row] = await db
    .select(gradeColumns)
    .from(recordingGrades)
    .leftJoin(grader, eq(grader.id, recordingGrades.gradedBy))
    .where(
      and(eq(recordingGrades.recordingId, recordingId), eq(recordingGrades.submission, submission)),
    );
  return presentGrade(ownedOr404(row));
}

/**
 * POST /teacher/recordings/{id}/grade: a new grade of a processed cold, hot or benchmark read
 * of the teacher's class (404 otherwise, 409 when it cannot be graded), its marked words those
 * of the reading's lesson (422). The grade and the reading's `graded_at` change together. A
 * submission already stored (the same form sent twice) answers the grade it made.
 */
export async function gradeReading(
  db: Db,
  teacher: AuthUser,
  id: number,
  input: z.output<typeof gradeBody>,
): Promise<SavedGrade> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        classification: recordings.classification,
        status: recordings.status,
        lessonId: recordings.lessonId,
      })
      .from(recordings)
      .innerJoin(users, eq(users.id, recordings.studentId))
      .where(and(eq(recordings.id, id), studentsOf(teacher.id)))
      .for("update", { of: recordings });
    const found = ownedOr404(row);
    if (found.classification === "stitched") throw conflict(gradingMessages.comparisonNotGradable);
    if (found.status !== "complete") throw conflict(gradingMessages.notGradable);
    const errors: Record<string, string[]> = {};
    if ((await wordsNotInLesson(tx, found.lessonId, input.selectedWordIds)).length > 0)
      errors.selectedWordIds = [gradingMessages.wordNotInLesson];
    if (input.lastWordId !== null) {
      const [missing] = await wordsNotInLesson(tx, found.lessonId, [input.lastWordId]);
      if (missing !== undefined) errors.lastWordId = [gradingMessages.wordNotInLesson];
    }
    const suggestion = (await suggestionsOf(tx, [{ id, lessonId: found.lessonId }])).get(id);
    Object.assign(errors, acceptedSuggestionErrors(input, suggestion));
    if (Object.keys(errors).length > 0) throw invalid(errors);
    const [grade] = await tx
      .insert(recordingGrades)
      .values({
        recordingId: id,
        gradedBy: teacher.id,
        accuracy: input.accuracy,
        expression: input.expression,
        feedback: input.feedback,
        selectedWordIds: input.selectedWordIds,
        wpm: input.wpm,
        lastWordId: input.lastWordId,
        acceptedWordIds: input.acceptedWordIds,
        lastWordSuggested: input.lastWordSuggested,
        // The engine whose suggestion the teacher saw, so agreement is measured per engine.
        suggestionEngine: suggestion?.status === "suggested" ? suggestion.engine : null,
        submission: input.submission,
      })
      // The unique index decides, not a look beforehand: two sends racing would both find none.
      .onConflictDoNothing({ target: [recordingGrades.recordingId, recordingGrades.submission] })
      .returning();
    if (!grade) return gradeOfSubmission(tx, id, input.submission);
    await tx.update(recordings).set({ gradedAt: grade.createdAt }).where(eq(recordings.id, id));
    return presentGrade({
      grade,
      graderFirst: teacher.firstName,
      graderLast: teacher.lastName,
      graderUsername: teacher.username,
    });
  });
}

const newCount = sql<number>`(count(${recordings.id}) filter (where ${newReading}))::int`;

/**
 * GET /teacher/recordings/by_student: every student of the class with their count of new
 * readings, the newest new one, and their newest 10 readings (only new ones for `new`, which
 * also leaves out students with none). Two queries, whatever the class's size.
 */
export async function recordingsByStudent(db: Db, teacherId: number, type: "new" | "all") {
  const onlyNew = type === "new";
  const students = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      newRecordings: newCount,
      latestUngradedId: sql<
        number | null
      >`(array_agg(${recordings.id} order by ${recordings.createdAt} desc, ${recordings.id} desc) filter (where ${newReading}))[1]`,
    })
    .from(users)
    .leftJoin(recordings, eq(recordings.studentId, users.id))
    .where(studentsOf(teacherId))
    .groupBy(users.id)
    .having(onlyNew ? sql`${newCount} > 0` : undefined)
    .orderBy(...classOrder);
  const ranked = db
    .select({
      ...rowColumns,
      rank: sql<number>`row_number() over (partition by ${recordings.studentId} order by ${recordings.createdAt} desc, ${recordings.id} desc)`.as(
        "rank",
      ),
    })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.studentId))
    .innerJoin(lessons, eq(lessons.id, recordings.lessonId))
    .where(and(studentsOf(teacherId), onlyNew ? newReading : undefined))
    .as("ranked");
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, 10))
    .orderBy(desc(ranked.createdAt), desc(ranked.id));
  const byStudent = new Map<number, typeof rows>();
  for (const row of rows)
    byStudent.set(row.studentId, [...(byStudent.get(row.studentId) ?? []), row]);
  const estimates = await readyEstimates(db, rows);
  return students.map((s) => ({
    student_id: s.id,
    firstname: s.firstName,
    lastname: s.lastName,
    new_recordings: s.newRecordings,
    latest_ungraded_id: s.latestUngradedId,
    recordings: (byStudent.get(s.id) ?? []).map((row) => presentRow(estimates, row)),
  }));
}

/** GET /teacher/fluency/overview: the class's new, graded and shared readings, in one query. */
export async function fluencyOverview(db: Db, teacherId: number) {
  const shared = db
    .select({ id: recordingShares.id })
    .from(recordingShares)
    .where(eq(recordingShares.recordingId, recordings.id));
  const [counts] = await db
    .select({
      new: newCount,
      graded: sql<number>`(count(*) filter (where ${isNotNull(recordings.gradedAt)}))::int`,
      shared: sql<number>`(count(*) filter (where exists (${shared})))::int`,
    })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.studentId))
    .where(studentsOf(teacherId));
  return counts ?? { new: 0, graded: 0, shared: 0 };
}

/** GET /student/recordings: the student's graded readings, newest first, with the grade's measures. */
export async function studentGradedReadings(db: Db, studentId: number) {
  const rows = await db
    .select({
      id: recordings.id,
      status: recordings.status,
      lessonId: recordings.lessonId,
      lessonTitle: lessons.title,
      classification: recordings.classification,
      createdAt: recordings.createdAt,
      gradedAt: recordings.gradedAt,
    })
    .from(recordings)
    .innerJoin(lessons, eq(lessons.id, recordings.lessonId))
    .where(and(eq(recordings.studentId, studentId), isNotNull(recordings.gradedAt)))
    .orderBy(desc(recordings.gradedAt), desc(recordings.id));
  const grades = await newestGrades(
    db,
    rows.map((r) => r.id),
  );
  const estimates = await readyEstimates(db, rows);
  return rows.flatMap((row) => {
    const grade = grades.get(row.id);
    if (!grade) return [];
    return [
      {
        id: row.id,
        lesson_id: row.lessonId,
        lesson_title: row.lessonTitle,
        type: RECORDING_TYPES[row.classification],
        created_at: row.createdAt.toISOString(),
        graded_at: grade.graded_at,
        wpm: grade.wpm,
        cwpm: correctWordsPerMinute(grade.wpm, grade.accuracy),
        accuracy_percent: accuracyPercent(grade.wpm, grade.accuracy),
        expression: grade.expression,
        feedback: grade.feedback,
        status: row.status,
        ...mediaUrls(row),
        ready_in_seconds: readyIn(estimates, row.id),
      },
    ];
  });
}

/** The newest grade of one reading (the shared page's summary). */
export async function newestGradeOf(db: Db, id: number) {
  return (await newestGrades(db, [id])).get(id) ?? null;
}
