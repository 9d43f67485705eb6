import {
  accuracyPercent,
  addDays,
  allows,
  type BenchmarkWindow,
  type ClassScreening,
  type CutScores,
  correctWordsPerMinute,
  currentWindow,
  dayOf,
  gradeOfPlan,
  type PassageReading,
  previousSeason,
  type ScopedUser,
  type Season,
  type StudentScreening,
  schoolYearNumber,
  screeningResult,
  type Tier,
  tierCounts,
  type WindowWithPassages,
  windowOn,
  windowsOnly,
} from "@refrain/domain";
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { classOrder, studentsOf, teachersInReachOf } from "../../core/access.ts";
import type { Auth } from "../../core/context.ts";
import { ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import {
  groupMemberships,
  lessons,
  recordingGrades,
  recordings,
  studentGroups,
  users,
} from "../../db/schema/index.ts";
import { assignLessons } from "../lessons/index.ts";
import { cutKey, cutsOfScope } from "./cut-scores.ts";
import { scopeOfClass, windowsIn } from "./windows.ts";

/**
 * A class in a benchmark window (issue 39, docs/decisions/0037): each student's three passages
 * of their grade read in the window, the median of the confirmed ones and its tier, and the
 * class's counts per tier beside the window before.
 */

/** The class a caller may screen: a class owner's own; an admin's, one of their teachers'. */
export async function classInReach(
  db: Db,
  caller: ScopedUser & { id: number },
  teacherId?: number,
): Promise<number> {
  if (allows("classOwners", caller.role)) return caller.id;
  const [teacher] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, teacherId ?? 0), teachersInReachOf(caller)));
  return ownedOr404(teacher).id;
}

export interface Reading {
  studentId: number;
  lessonId: number;
  recordingId: number;
  createdAt: Date;
  wpm: number | null;
  accuracy: number | null;
  /** Who gave the grade that counts (null: not graded, or the grader's account is gone). */
  gradedBy: number | null;
}

/**
 * The benchmark readings of the students `who` selects (a condition on `users`), of `passageIds`,
 * made from the first day to the last (inclusive), each with its newest grade (the one that
 * counts) or none yet; oldest first.
 */
export async function benchmarkReadings(
  db: Db,
  who: SQL | undefined,
  passageIds: readonly number[],
  first: string,
  last: string,
): Promise<Reading[]> {
  if (passageIds.length === 0) return [];
  // Each reading once, with its newest grade: the grades are those of the readings found
  // (recording_grades_recording_idx), never the whole table's.
  const rows = await db
    .selectDistinctOn([recordings.id], {
      studentId: recordings.studentId,
      lessonId: recordings.lessonId,
      recordingId: recordings.id,
      createdAt: recordings.createdAt,
      wpm: recordingGrades.wpm,
      accuracy: recordingGrades.accuracy,
      gradedBy: recordingGrades.gradedBy,
    })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.studentId))
    .leftJoin(recordingGrades, eq(recordingGrades.recordingId, recordings.id))
    .where(
      and(
        who,
        eq(recordings.classification, "benchmark"),
        inArray(recordings.lessonId, [...passageIds]),
        gte(recordings.createdAt, sql`${`${first}T00:00:00Z`}::timestamptz`),
        lt(recordings.createdAt, sql`${`${addDays(last, 1)}T00:00:00Z`}::timestamptz`),
      ),
    )
    .orderBy(
      recordings.id,
      sql`${recordingGrades.createdAt} desc nulls last`,
      desc(recordingGrades.id),
    );
  return rows.sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.recordingId - b.recordingId,
  );
}

/** Every passage a window names, of any grade. */
export const passagesOf = (window: WindowWithPassages) => [
  ...new Set(Object.values(window.passages).flat()),
];

/**
 * One passage's reading that counts: the newest confirmed (graded) one, else the newest
 * recorded, so a re-read waiting for its grade never hides the confirmed score.
 */
function passageOf(readings: readonly Reading[], lessonId: number, title: string): PassageReading {
  const ofPassage = readings.filter((r) => r.lessonId === lessonId);
  const confirmed = ofPassage.filter((r) => r.wpm !== null && r.accuracy !== null).at(-1);
  if (confirmed) {
    const wpm = confirmed.wpm as number;
    const accuracy = confirmed.accuracy as number;
    return {
      lessonId,
      title,
      state: "confirmed",
      recordingId: confirmed.recordingId,
      wcpm: correctWordsPerMinute(wpm, accuracy),
      accuracy: accuracyPercent(wpm, accuracy),
    };
  }
  const recorded = ofPassage.at(-1);
  return {
    lessonId,
    title,
    state: recorded ? "to_grade" : "not_read",
    recordingId: recorded?.recordingId ?? null,
    wcpm: null,
    accuracy: null,
  };
}

/** A student as screening reads them. */
export interface Screened {
  id: number;
  firstName: string;
  lastName: string;
  planId: number | null;
}

/**
 * The students `who` selects (a condition on `users`) as screening reads them, with their class
 * (its teacher's id); a caller that lists them orders them.
 */
export const screenedStudents = (db: Db, who: SQL | undefined) =>
  db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      planId: users.planId,
      teacherId: sql<number>`${users.teacherId}`,
    })
    .from(users)
    .where(who);

/**
 * A student in a window: their grade's passages, each with the reading that counts among
 * `readings` (theirs or more, oldest first), and the result of the confirmed ones.
 */
export function studentInWindow(
  student: Screened,
  window: WindowWithPassages,
  readings: readonly Reading[],
  titles: ReadonlyMap<number, string> = new Map(),
  cuts: ReadonlyMap<string, CutScores> = new Map(),
): StudentScreening {
  const grade = gradeOfPlan(student.planId ?? 6);
  const ids = window.passages[String(grade) as keyof typeof window.passages] ?? [];
  const own = readings.filter(
    (r) =>
      r.studentId === student.id &&
      dayOf(r.createdAt) >= window.start &&
      dayOf(r.createdAt) <= window.end,
  );
  const passages = ids.map((id) => passageOf(own, id, titles.get(id) ?? ""));
  const confirmed = passages.flatMap((p) =>
    p.wcpm !== null && p.accuracy !== null ? [{ wcpm: p.wcpm, accuracy: p.accuracy }] : [],
  );
  return {
    id: student.id,
    name: `${student.firstName} ${student.lastName}`.trim(),
    grade,
    passages,
    result:
      ids.length === 0
        ? null
        : screeningResult(
            grade,
            window.season,
            confirmed,
            cuts.get(cutKey(grade, window.season)) ?? null,
          ),
  };
}

/** Each student of a class in one window. */
export async function studentsInWindow(
  db: Db,
  teacherId: number,
  window: WindowWithPassages,
  titles: Map<number, string>,
  cuts: ReadonlyMap<string, CutScores>,
): Promise<StudentScreening[]> {
  const [students, readings] = await Promise.all([
    screenedStudents(db, studentsOf(teacherId)).orderBy(...classOrder),
    benchmarkReadings(db, studentsOf(teacherId), passagesOf(window), window.start, window.end),
  ]);
  return students.map((s) => studentInWindow(s, window, readings, titles, cuts));
}

/** The titles of the passages the windows name. */
export async function titlesOf(db: Db, windows: readonly WindowWithPassages[]) {
  const ids = [...new Set(windows.flatMap(passagesOf))];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: lessons.id, title: lessons.title })
          .from(lessons)
          .where(inArray(lessons.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

export const countsOf = (students: readonly StudentScreening[]) =>
  tierCounts(students.flatMap((s) => (s.result ? [s.result] : [])));

/**
 * A class in a window of a school year: the one asked for, else the one open today or the
 * latest begun (`currentWindow`) in the current year, else the year's first.
 */
export async function classScreening(
  db: Db,
  teacherId: number,
  year: number,
  season: Season | undefined,
  now = new Date(),
): Promise<ClassScreening> {
  const scope = await scopeOfClass(db, teacherId);
  const { windows } = await windowsIn(db, scope, year);
  const cuts = await cutsOfScope(db, scope);
  const today = dayOf(now);
  const chosen: BenchmarkWindow = season
    ? (windows.find((w) => w.season === season) as BenchmarkWindow)
    : currentWindow(today, windowsOnly(windows));
  const window = windows.find((w) => w.season === chosen.season) as WindowWithPassages;
  const titles = await titlesOf(db, windows);
  const students = await studentsInWindow(db, teacherId, window, titles, cuts);
  const before = previousSeason(window.season);
  const previousWindow = windows.find((w) => w.season === before);
  const previous = previousWindow
    ? {
        season: previousWindow.season,
        counts: countsOf(await studentsInWindow(db, teacherId, previousWindow, titles, cuts)),
      }
    : null;
  const { season: s, start, end } = window;
  return {
    year,
    window: { season: s, start, end },
    windows: windowsOnly(windows),
    open: windowOn(today, [window]) !== null,
    students,
    counts: countsOf(students),
    previous,
  };
}

/**
 * Each student of a class (or of one of its groups) their grade's three passages of a window,
 * kept where they already have them (a passage read or started stays as it is: `preserve_progress`), so that the
 * class reads them from their homes. Kindergarten has none. Returns the passages newly
 * assigned, and to how many students.
 */
export async function assignWindowPassages(
  db: Db,
  auth: Auth,
  year: number,
  season: Season,
  ip: string,
  groupId?: number,
): Promise<{ passages: number; students: number }> {
  const teacherId = auth.user.id;
  const { windows } = await windowsIn(db, await scopeOfClass(db, teacherId), year);
  const window = windows.find((w) => w.season === season) as WindowWithPassages;
  if (groupId !== undefined) {
    const [group] = await db
      .select({ id: studentGroups.id })
      .from(studentGroups)
      .where(and(eq(studentGroups.id, groupId), eq(studentGroups.teacherId, teacherId)));
    ownedOr404(group);
  }
  const students = await db
    .select({ id: users.id, planId: users.planId })
    .from(users)
    .where(
      and(
        studentsOf(teacherId),
        groupId === undefined
          ? undefined
          : inArray(
              users.id,
              db
                .select({ id: groupMemberships.studentId })
                .from(groupMemberships)
                .where(eq(groupMemberships.groupId, groupId)),
            ),
      ),
    );
  const byGrade = new Map<number, number[]>();
  for (const s of students) {
    const grade = gradeOfPlan(s.planId ?? 6);
    byGrade.set(grade, [...(byGrade.get(grade) ?? []), s.id]);
  }
  let passages = 0;
  const reached = new Set<number>();
  for (const [grade, ids] of byGrade) {
    const passageIds = window.passages[String(grade) as keyof typeof window.passages] ?? [];
    if (passageIds.length === 0) continue;
    const { data } = await assignLessons(
      db,
      auth,
      {
        student_ids: ids,
        assign_lesson_ids: passageIds,
        remove_lesson_ids: [],
        preserve_progress: true,
      },
      ip,
    );
    passages += data.assigned;
    if (data.assigned > 0) for (const id of ids) reached.add(id);
  }
  return { passages, students: reached.size };
}

/** A class's students in the window of today's school year that stands today, by id. */
export async function classScreeningToday(
  db: Db,
  teacherId: number,
  now = new Date(),
): Promise<{ season: Season; students: Map<number, StudentScreening> }> {
  const scope = await scopeOfClass(db, teacherId);
  const { windows } = await windowsIn(db, scope, schoolYearNumber(dayOf(now)));
  const chosen = currentWindow(dayOf(now), windowsOnly(windows));
  const window = windows.find((w) => w.season === chosen.season) as WindowWithPassages;
  const cuts = await cutsOfScope(db, scope);
  const students = await studentsInWindow(db, teacherId, window, new Map(), cuts);
  return { season: window.season, students: new Map(students.map((s) => [s.id, s])) };
}

/**
 * Each student's tier in the window standing today of their class, where three passages are
 * graded and the grade has norms (a family's weekly report says it in plain words). One pass
 * per class.
 */
export async function screenedToday(
  db: Db,
  students: readonly { id: number; teacherId: number | null }[],
  now = new Date(),
): Promise<Map<number, { season: Season; tier: Tier }>> {
  const out = new Map<number, { season: Season; tier: Tier }>();
  const wanted = new Set(students.map((s) => s.id));
  const teachers = [
    ...new Set(students.flatMap((s) => (s.teacherId === null ? [] : [s.teacherId]))),
  ];
  for (const teacherId of teachers) {
    const { season, students: screened } = await classScreeningToday(db, teacherId, now);
    for (const [id, s] of screened)
      if (wanted.has(id) && s.result?.status === "scored")
        out.set(id, { season, tier: s.result.tier });
  }
  return out;
}
