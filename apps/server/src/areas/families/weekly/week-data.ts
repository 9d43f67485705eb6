import {
  type Classification,
  correctWordsPerMinute,
  gradeOfPlan,
  type Season,
  STUDENT_TIME_KINDS,
  type Tier,
  type WeekActivity,
} from "@refrain/domain";
import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import {
  assignments,
  examAttempts,
  extensionResponses,
  lessons,
  readAlongs,
  recordingGrades,
  recordings,
  studentFeedback,
  timeOnTask,
  users,
} from "../../../db/schema/index.ts";
import { latestDayPercents } from "../../learning/index.ts";
import { screenedToday } from "../../screening/index.ts";

/**
 * One student's week as the weekly report tells it (issue 16 part 3), read for a whole batch of
 * students in one query per kind of record, so a class of thirty costs the same nine reads as
 * one student (the teacher's preview reads a batch of one).
 */
export interface StudentWeek extends WeekActivity {
  studentId: number;
  firstName: string;
  /** 0 Kindergarten … 5 Fifth Grade: the grade the reading goal is for. */
  grade: number;
  lessonTitles: string[];
  /** Each quiz day taken this week at its latest attempt; percent null when nothing was solved. */
  quizScores: { lesson: string; day: number; percent: number | null }[];
  /** The readings of the week that a teacher graded, with the newest grade's WCPM. */
  graded: { lesson: string; classification: Classification; wcpm: number; at: Date }[];
  feedback: { message: string; teacherName: string; at: Date } | null;
  /** The student's tier in the benchmark window standing today, once it is scored (issue 39). */
  screening: { season: Season; tier: Tier } | null;
  /** The lesson the student is to work on next, or null. */
  next: string | null;
}

const teachers = alias(users, "teachers");

const count = sql<number>`count(*)::int`;

/** Values grouped by student id. */
function byStudent<T extends { studentId: number }>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(row.studentId);
    if (list) list.push(row);
    else out.set(row.studentId, [row]);
  }
  return out;
}

const counted = (rows: readonly { studentId: number; n: number }[]) =>
  new Map(rows.map((r) => [r.studentId, r.n]));

/**
 * The weeks of `studentIds` between `start` and `end` (weekRange), by student id. Callers check
 * that the students are theirs: this reads any.
 */
export async function loadWeeks(
  db: Db,
  studentIds: readonly number[],
  range: { start: Date; end: Date },
): Promise<Map<number, StudentWeek>> {
  if (studentIds.length === 0) return new Map();
  const ids = [...studentIds];
  const { start, end } = range;
  const within = (column: Parameters<typeof gte>[0]) => and(gte(column, start), lt(column, end));

  const work = db
    .select({ studentId: readAlongs.studentId, lessonId: readAlongs.lessonId })
    .from(readAlongs)
    .where(and(inArray(readAlongs.studentId, ids), within(readAlongs.createdAt)))
    .union(
      db
        .select({ studentId: examAttempts.studentId, lessonId: examAttempts.lessonId })
        .from(examAttempts)
        .where(and(inArray(examAttempts.studentId, ids), within(examAttempts.createdAt))),
    )
    .union(
      db
        .select({ studentId: extensionResponses.studentId, lessonId: extensionResponses.lessonId })
        .from(extensionResponses)
        .where(
          and(inArray(extensionResponses.studentId, ids), within(extensionResponses.draftSavedAt)),
        ),
    )
    .union(
      db
        .select({ studentId: recordings.studentId, lessonId: recordings.lessonId })
        .from(recordings)
        .where(and(inArray(recordings.studentId, ids), within(recordings.createdAt))),
    )
    .as("work");

  const latest = latestDayPercents(
    db,
    and(inArray(examAttempts.studentId, ids), within(examAttempts.createdAt)),
  ).as("latest");

  const [students, worked, completed, plays, quizzes, recorded, graded, seconds, feedback, next] =
    await Promise.all([
      db
        .select({
          studentId: users.id,
          firstName: users.firstName,
          planId: users.planId,
          teacherId: users.teacherId,
        })
        .from(users)
        .where(inArray(users.id, ids)),
      db
        .select({ studentId: work.studentId, title: lessons.title })
        .from(work)
        .innerJoin(lessons, eq(lessons.id, work.lessonId))
        .orderBy(asc(work.studentId), asc(lessons.title)),
      db
        .select({ studentId: assignments.studentId, n: count })
        .from(assignments)
        .where(and(inArray(assignments.studentId, ids), within(assignments.completedAt)))
        .groupBy(assignments.studentId),
      db
        .select({ studentId: readAlongs.studentId, n: count })
        .from(readAlongs)
        .where(and(inArray(readAlongs.studentId, ids), within(readAlongs.createdAt)))
        .groupBy(readAlongs.studentId),
      db
        .select({
          studentId: latest.studentId,
          lesson: lessons.title,
          day: latest.day,
          percent: latest.percent,
        })
        .from(latest)
        .innerJoin(lessons, eq(lessons.id, latest.lessonId))
        .orderBy(asc(latest.studentId), asc(lessons.title), asc(latest.day)),
      db
        .select({ studentId: recordings.studentId, n: count })
        .from(recordings)
        .where(
          and(
            inArray(recordings.studentId, ids),
            ne(recordings.classification, "stitched"),
            within(recordings.createdAt),
          ),
        )
        .groupBy(recordings.studentId),
      // The newest grade of each reading counts (grading spec §3 Grade).
      db
        .selectDistinctOn([recordingGrades.recordingId], {
          studentId: recordings.studentId,
          lesson: lessons.title,
          classification: recordings.classification,
          at: recordings.createdAt,
          wpm: recordingGrades.wpm,
          accuracy: recordingGrades.accuracy,
        })
        .from(recordingGrades)
        .innerJoin(recordings, eq(recordings.id, recordingGrades.recordingId))
        .innerJoin(lessons, eq(lessons.id, recordings.lessonId))
        .where(
          and(
            inArray(recordings.studentId, ids),
            ne(recordings.classification, "stitched"),
            within(recordings.createdAt),
          ),
        )
        .orderBy(
          recordingGrades.recordingId,
          desc(recordingGrades.createdAt),
          desc(recordingGrades.id),
        ),
      // Daily buckets: the week's days from Monday through the end's day.
      db
        .select({
          studentId: timeOnTask.userId,
          n: sql<number>`coalesce(sum(${timeOnTask.seconds}), 0)::int`,
        })
        .from(timeOnTask)
        .where(
          and(
            inArray(timeOnTask.userId, ids),
            inArray(timeOnTask.kind, [...STUDENT_TIME_KINDS]),
            gte(timeOnTask.day, start.toISOString().slice(0, 10)),
            lt(timeOnTask.day, dayAfter(new Date(end.getTime() - 1))),
          ),
        )
        .groupBy(timeOnTask.userId),
      db
        .select({
          studentId: studentFeedback.studentId,
          message: studentFeedback.message,
          at: studentFeedback.updatedAt,
          teacherFirstName: teachers.firstName,
          teacherLastName: teachers.lastName,
        })
        .from(studentFeedback)
        .innerJoin(teachers, eq(teachers.id, studentFeedback.teacherId))
        .where(inArray(studentFeedback.studentId, ids)),
      // What comes next: the teacher's oldest open assignment, else a lesson the student started.
      db
        .selectDistinctOn([assignments.studentId], {
          studentId: assignments.studentId,
          title: lessons.title,
        })
        .from(assignments)
        .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
        .where(and(inArray(assignments.studentId, ids), ne(assignments.status, "completed")))
        .orderBy(
          assignments.studentId,
          sql`${assignments.assignedBy} = 'teacher' desc`,
          asc(assignments.assignedAt),
          asc(assignments.id),
        ),
    ]);

  const screening = await screenedToday(
    db,
    students.map((s) => ({ id: s.studentId, teacherId: s.teacherId })),
    // The window standing when the week ends, or now for a week still under way.
    new Date(Math.min(end.getTime(), Date.now())),
  );
  const workedBy = byStudent(worked);
  const quizzesBy = byStudent(quizzes);
  const gradedBy = byStudent(graded);
  const completedBy = counted(completed);
  const playsBy = counted(plays);
  const recordedBy = counted(recorded);
  const secondsBy = counted(seconds);
  const feedbackBy = new Map(feedback.map((f) => [f.studentId, f]));
  const nextBy = new Map(next.map((n) => [n.studentId, n.title]));

  const weeks = new Map<number, StudentWeek>();
  for (const s of students) {
    const lessonTitles = (workedBy.get(s.studentId) ?? []).map((w) => w.title);
    const quizScores = (quizzesBy.get(s.studentId) ?? []).map(({ lesson, day, percent }) => ({
      lesson,
      day,
      percent,
    }));
    const note = feedbackBy.get(s.studentId);
    weeks.set(s.studentId, {
      studentId: s.studentId,
      firstName: s.firstName,
      grade: gradeOfPlan(s.planId ?? 6),
      lessonTitles,
      lessonsWorked: lessonTitles.length,
      lessonsCompleted: completedBy.get(s.studentId) ?? 0,
      readAlongs: playsBy.get(s.studentId) ?? 0,
      quizzes: quizScores.length,
      quizScores,
      recordings: recordedBy.get(s.studentId) ?? 0,
      graded: (gradedBy.get(s.studentId) ?? [])
        .map((g) => ({ ...g, wcpm: correctWordsPerMinute(g.wpm, g.accuracy) }))
        .filter((g): g is typeof g & { wcpm: number } => g.wcpm !== null)
        .sort((a, b) => a.at.getTime() - b.at.getTime())
        .map(({ lesson, classification, wcpm, at }) => ({ lesson, classification, wcpm, at })),
      seconds: secondsBy.get(s.studentId) ?? 0,
      feedback: note
        ? {
            message: note.message,
            teacherName: `${note.teacherFirstName} ${note.teacherLastName}`.trim(),
            at: note.at,
          }
        : null,
      next: nextBy.get(s.studentId) ?? null,
      screening: screening.get(s.studentId) ?? null,
    });
  }
  return weeks;
}

/** The UTC day after `at`'s, YYYY-MM-DD: the exclusive end of the daily buckets to sum. */
function dayAfter(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
  return day.toISOString().slice(0, 10);
}
