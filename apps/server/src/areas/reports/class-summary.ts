import {
  type BenchmarkReading,
  type ClassSummaryResponse,
  correctWordsPerMinute,
  type GoalStatus,
  type GroupSummary,
  goalCounts,
  goalStatus,
  gradeOfPlan,
  overallPercent,
  type Season,
  type StudentScreening,
  type StudentSummary,
} from "@refrain/domain";
import { and, asc, desc, eq, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { classOrder, studentsOf } from "../../core/access.ts";
import { notFound } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { hot } from "../../db/prepared.ts";
import {
  assignments,
  examAttempts,
  extensionResponses,
  groupMemberships,
  readAlongs,
  recordingGrades,
  recordings,
  studentGroups,
  users,
} from "../../db/schema/index.ts";
import { latestDayPercents } from "../learning/index.ts";
import { classScreeningToday } from "../screening/index.ts";

/**
 * GET /teacher/:teacher/dashboard/class_summary (grading spec §2, §3 "Student summary", "Group
 * summary"). Six grouped reads of the whole class, whatever its size; the figures are worked
 * out here by the domain's rules (overallPercent, correctWordsPerMinute, goalStatus), which
 * contracts/reports/class-summary.ts defines figure by figure.
 */

const teacherIs = sql.placeholder("teacherId");
// The range's days are UTC days, both ends included: [start 00:00, end + 1 day 00:00).
const inRange = (column: AnyPgColumn | SQL) =>
  sql`${column} >= (${sql.placeholder("start")}::date)::timestamp at time zone 'UTC' and ${column} < ((${sql.placeholder("end")}::date) + 1)::timestamp at time zone 'UTC'`;
const classStudent = (column: AnyPgColumn) =>
  sql`${column} in (select ${users.id} from ${users} where ${studentsOf(teacherIs)})`;

/** A processed reading nobody graded yet (comparisons are made, not read): the "new" badge. */
const newCompleted = and(
  isNull(recordings.gradedAt),
  eq(recordings.status, "complete"),
  ne(recordings.classification, "stitched"),
);

const classStudents = hot("dashboard_students", (db) =>
  db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      planId: users.planId,
      groupId: groupMemberships.groupId,
      newRecordings: sql<number>`count(${recordings.id})::int`,
      latestUngradedId: sql<
        number | null
      >`(array_agg(${recordings.id} order by ${recordings.createdAt} desc, ${recordings.id} desc))[1]`,
    })
    .from(users)
    .leftJoin(groupMemberships, eq(groupMemberships.studentId, users.id))
    .leftJoin(recordings, and(eq(recordings.studentId, users.id), newCompleted))
    .where(studentsOf(teacherIs))
    .groupBy(users.id, groupMemberships.groupId)
    .orderBy(...classOrder),
);

const classGroups = hot("dashboard_groups", (db) =>
  db
    .select({ id: studentGroups.id, name: studentGroups.name })
    .from(studentGroups)
    .where(eq(studentGroups.teacherId, teacherIs))
    .orderBy(asc(studentGroups.name), asc(studentGroups.id)),
);

const completedLessons = hot("dashboard_completed_lessons", (db) =>
  db
    .select({ studentId: assignments.studentId, n: sql<number>`count(*)::int` })
    .from(assignments)
    .where(and(classStudent(assignments.studentId), inRange(assignments.completedAt)))
    .groupBy(assignments.studentId),
);

/** Every lesson a student worked in during the range, from each record of work. */
const storiesWorked = hot("dashboard_stories", (db) => {
  const work = db
    .select({ studentId: readAlongs.studentId, lessonId: readAlongs.lessonId })
    .from(readAlongs)
    .where(and(classStudent(readAlongs.studentId), inRange(readAlongs.createdAt)))
    .unionAll(
      db
        .select({ studentId: examAttempts.studentId, lessonId: examAttempts.lessonId })
        .from(examAttempts)
        .where(and(classStudent(examAttempts.studentId), inRange(examAttempts.createdAt))),
    )
    .unionAll(
      db
        .select({ studentId: extensionResponses.studentId, lessonId: extensionResponses.lessonId })
        .from(extensionResponses)
        .where(
          and(classStudent(extensionResponses.studentId), inRange(extensionResponses.draftSavedAt)),
        ),
    )
    .unionAll(
      db
        .select({ studentId: recordings.studentId, lessonId: recordings.lessonId })
        .from(recordings)
        .where(and(classStudent(recordings.studentId), inRange(recordings.createdAt))),
    )
    .as("work");
  return db
    .select({ studentId: work.studentId, n: sql<number>`count(distinct ${work.lessonId})::int` })
    .from(work)
    .groupBy(work.studentId);
});

/** Each lesson whose three days were all taken in the range, each day at its latest attempt there. */
const fullLessons = hot("dashboard_full_lessons", (db) => {
  const latest = latestDayPercents(
    db,
    and(classStudent(examAttempts.studentId), inRange(examAttempts.createdAt)),
  ).as("latest");
  const dayPercent = (day: number) =>
    sql<
      number | null
    >`max(${latest.percent}) filter (where ${latest.day} = ${sql.raw(String(day))})`;
  return db
    .select({
      studentId: latest.studentId,
      d1: dayPercent(1),
      d2: dayPercent(2),
      d3: dayPercent(3),
    })
    .from(latest)
    .groupBy(latest.studentId, latest.lessonId)
    .having(sql`count(*) = 3`);
});

/**
 * The graded readings made in the range, each with its newest grade (the one that counts). A
 * grade counts whatever its media's state: the demo's graded readings (and any reading
 * reprocessed after grading) may still be waiting for their video.
 */
const gradedReadings = hot("dashboard_graded_readings", (db) =>
  db
    .selectDistinctOn([recordingGrades.recordingId], {
      studentId: recordings.studentId,
      classification: recordings.classification,
      createdAt: recordings.createdAt,
      wpm: recordingGrades.wpm,
      accuracy: recordingGrades.accuracy,
    })
    .from(recordingGrades)
    .innerJoin(recordings, eq(recordings.id, recordingGrades.recordingId))
    .where(
      and(
        classStudent(recordings.studentId),
        ne(recordings.classification, "stitched"),
        inRange(recordings.createdAt),
      ),
    )
    .orderBy(
      recordingGrades.recordingId,
      desc(recordingGrades.createdAt),
      desc(recordingGrades.id),
    ),
);

/** The summary's reads, by name (bench/reports.ts explains each); placeholders teacherId, start, end. */
export const summaryReads = {
  students: classStudents,
  groups: classGroups,
  completed: completedLessons,
  stories: storiesWorked,
  fullLessons,
  readings: gradedReadings,
};

/** A student's screening today as the summary shows it: null until a passage is read. */
function screeningOf(season: Season, student: StudentScreening | undefined) {
  const result = student?.result;
  if (!result || student.passages.every((p) => p.state === "not_read")) return null;
  const confirmed = student.passages.filter((p) => p.state === "confirmed").length;
  if (result.status === "incomplete")
    return { season, status: result.status, tier: null, confirmed, wcpm: null };
  return {
    season,
    status: result.status,
    tier: result.status === "scored" ? result.tier : null,
    confirmed,
    wcpm: result.wcpm,
  };
}

const average = (values: readonly number[]): number | null =>
  values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length);

/** Values by student id, appended. */
function byStudent<T>(rows: readonly ({ studentId: number } & T)[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) out.set(row.studentId, [...(out.get(row.studentId) ?? []), row]);
  return out;
}

export interface SummaryQuery {
  start_date: string;
  end_date: string;
  student_id: "overall" | number;
  type: "new" | "all";
}

export async function classSummary(
  db: Db,
  teacherId: number,
  query: SummaryQuery,
): Promise<ClassSummaryResponse["data"]> {
  const range = { teacherId, start: query.start_date, end: query.end_date };
  const [students, groups, completed, stories, lessons, readings, screening] = await Promise.all([
    summaryReads.students(db).execute({ teacherId }),
    summaryReads.groups(db).execute({ teacherId }),
    summaryReads.completed(db).execute(range),
    summaryReads.stories(db).execute(range),
    summaryReads.fullLessons(db).execute(range),
    summaryReads.readings(db).execute(range),
    classScreeningToday(db, teacherId),
  ]);
  const completedBy = new Map(completed.map((r) => [r.studentId, r.n]));
  const storiesBy = new Map(stories.map((r) => [r.studentId, r.n]));
  const lessonsBy = byStudent(lessons);
  const readingsBy = byStudent(readings);

  const rows: StudentSummary[] = students.map((s) => {
    const graded = readingsBy.get(s.id) ?? [];
    const cwpm = (kind: string) =>
      graded
        .filter((r) => r.classification === kind)
        .map((r) => ({ at: r.createdAt, wcpm: correctWordsPerMinute(r.wpm, r.accuracy) }))
        .filter((r): r is BenchmarkReading => r.wcpm !== null);
    const benchmarks = cwpm("benchmark").sort((a, b) => b.at.getTime() - a.at.getTime());
    const goal = goalStatus(gradeOfPlan(s.planId ?? 6), benchmarks);
    const overall = (lessonsBy.get(s.id) ?? [])
      .map((l) => overallPercent([l.d1, l.d2, l.d3]))
      .filter((p): p is number => p !== null);
    return {
      id: s.id,
      name: `${s.firstName} ${s.lastName}`.trim(),
      group_id: s.groupId,
      lessons: completedBy.get(s.id) ?? 0,
      stories: storiesBy.get(s.id) ?? 0,
      comprehension: average(overall),
      cold: average(cwpm("cold_read").map((r) => r.wcpm)),
      hot: average(cwpm("hot_read").map((r) => r.wcpm)),
      benchmarks: benchmarks[0]?.wcpm ?? null,
      goals: goal.status,
      goal: { wcpm: goal.wcpm, target: goal.target, season: goal.season, readings: goal.readings },
      screening: screeningOf(screening.season, screening.students.get(s.id)),
      new_recordings: s.newRecordings,
      latest_ungraded_id: s.latestUngradedId,
    };
  });

  const groupRows = groups.map((g) =>
    groupRow(
      g,
      rows.filter((r) => r.group_id === g.id),
    ),
  );
  if (query.student_id !== "overall") {
    const chosen = rows.find((r) => r.id === query.student_id);
    if (!chosen) throw notFound();
    return { students: [chosen], groups: groupRows.filter((g) => g.id === chosen.group_id) };
  }
  return {
    students: query.type === "new" ? rows.filter((r) => r.new_recordings > 0) : rows,
    groups: groupRows,
  };
}

/** A group's row from its members' rows (the figures are defined in the contract). */
function groupRow(group: { id: number; name: string }, members: StudentSummary[]): GroupSummary {
  const sum = (pick: (r: StudentSummary) => number) => members.reduce((n, r) => n + pick(r), 0);
  const mean = (pick: (r: StudentSummary) => number | null) =>
    average(members.map(pick).filter((v): v is number => v !== null));
  return {
    id: group.id,
    name: group.name,
    students: members.length,
    lessons: sum((r) => r.lessons),
    stories: sum((r) => r.stories),
    comprehension: mean((r) => r.comprehension),
    cold: mean((r) => r.cold),
    hot: mean((r) => r.hot),
    benchmarks: mean((r) => r.benchmarks),
    goals: goalCounts(members.map((r): GoalStatus => r.goals)),
  };
}
