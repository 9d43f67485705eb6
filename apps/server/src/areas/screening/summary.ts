import {
  type CutScores,
  currentWindow,
  dayOf,
  previousSeason,
  type ReachScreening,
  type ScopedUser,
  type Season,
  type StudentScreening,
  type TierCounts,
  type WindowWithPassages,
  windowsOnly,
} from "@refrain/domain";
import { asc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { schoolsOfAdmin, studentsInReachOf } from "../../core/access.ts";
import type { Db } from "../../db/client.ts";
import { schools, users } from "../../db/schema/index.ts";
import { cutsOf } from "./cut-scores.ts";
import {
  benchmarkReadings,
  passagesOf,
  type Reading,
  type Screened,
  studentInWindow,
} from "./results.ts";
import { calendarFor, calendarRows, defaultCalendar, passageChoices } from "./windows.ts";

/**
 * An admin's school or district in a benchmark window (issue 39): how many students are in
 * each tier, per grade, per school and per class, beside the window before. Each school reads
 * in its own windows (its district's, else its own, else the defaults), so one query loads the
 * year's calendars of every school in reach, one the students, and one per window the readings.
 */

interface SchoolRow {
  id: number;
  name: string;
  districtId: number | null;
}

/** Each school's windows for a year: its district's, else its own, else the defaults. */
export async function calendarsOf(
  db: Db,
  schoolRows: readonly SchoolRow[],
  year: number,
): Promise<Map<number, WindowWithPassages[]>> {
  const rows = await calendarRows(db, year, {
    districtIds: [
      ...new Set(schoolRows.flatMap((s) => (s.districtId === null ? [] : [s.districtId]))),
    ],
    schoolIds: schoolRows.map((s) => s.id),
    teacherIds: [],
  });
  const defaults = defaultCalendar(year, await passageChoices(db));
  return new Map(
    schoolRows.map((school) => [
      school.id,
      calendarFor(rows, { districtId: school.districtId, schoolId: school.id, teacherId: null })
        ?.windows ?? defaults,
    ]),
  );
}

export interface StudentOfReach extends Screened {
  teacherId: number;
  teacherFirst: string;
  teacherLast: string;
  schoolId: number;
}

const teacher = alias(users, "teacher");

/** The students `where` picks, with their class and its school, as the counts read them. */
export function studentsWhere(db: Db, where: SQL | undefined): Promise<StudentOfReach[]> {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      planId: users.planId,
      teacherId: teacher.id,
      teacherFirst: teacher.firstName,
      teacherLast: teacher.lastName,
      schoolId: sql<number>`${teacher.schoolId}`,
    })
    .from(users)
    .innerJoin(teacher, eq(teacher.id, users.teacherId))
    .where(where);
}

/** Every student in reach in one season's windows (each school's own). */
export async function screenSeason(
  db: Db,
  caller: ScopedUser & { id: number },
  students: readonly StudentOfReach[],
  calendars: Map<number, WindowWithPassages[]>,
  cutsBySchool: Map<number, ReadonlyMap<string, CutScores>>,
  season: Season,
): Promise<Map<number, StudentScreening>> {
  const windows = [...calendars.values()].flatMap((ws) => ws.filter((w) => w.season === season));
  if (windows.length === 0 || students.length === 0) return new Map();
  const first = windows.map((w) => w.start).sort()[0] as string;
  const last = windows
    .map((w) => w.end)
    .sort()
    .at(-1) as string;
  const passageIds = [...new Set(windows.flatMap(passagesOf))];
  const readings = await benchmarkReadings(db, studentsInReachOf(caller), passageIds, first, last);
  const byStudent = new Map<number, Reading[]>();
  for (const r of readings) byStudent.set(r.studentId, [...(byStudent.get(r.studentId) ?? []), r]);
  const out = new Map<number, StudentScreening>();
  for (const student of students) {
    const window = calendars.get(student.schoolId)?.find((w) => w.season === season);
    if (window)
      out.set(
        student.id,
        studentInWindow(
          student,
          window,
          byStudent.get(student.id) ?? [],
          undefined,
          cutsBySchool.get(student.schoolId),
        ),
      );
  }
  return out;
}

/** Counts per key (a grade, a school, a class), now and in the window before, in one pass. */
export function tallyBy(
  students: readonly StudentOfReach[],
  now: Map<number, StudentScreening>,
  before: Map<number, StudentScreening> | null,
  keysOf: (s: StudentOfReach, screened: StudentScreening) => readonly string[],
) {
  const empty = (): TierCounts => ({ ...NO_COUNTS });
  const counts = new Map<string, { counts: TierCounts; previous: TierCounts | null }>();
  const add = (screened: Map<number, StudentScreening>, which: "counts" | "previous") => {
    for (const s of students) {
      const result = screened.get(s.id);
      if (!result?.result) continue;
      const bucket = result.result.status === "scored" ? result.result.tier : result.result.status;
      for (const key of keysOf(s, result)) {
        const entry = counts.get(key) ?? { counts: empty(), previous: before ? empty() : null };
        counts.set(key, entry);
        const target = entry[which];
        if (target) target[bucket] += 1;
      }
    }
  };
  add(now, "counts");
  if (before) add(before, "previous");
  return (key: string) => counts.get(key) ?? { counts: empty(), previous: before ? empty() : null };
}

const NO_COUNTS: TierCounts = {
  at_or_above: 0,
  below: 0,
  well_below: 0,
  incomplete: 0,
  unrated: 0,
};

/**
 * An admin's reach in a window of a school year: the one asked for, else the one open today or
 * the latest begun in the current year (by the district's windows, or the school's).
 */
export async function reachScreening(
  db: Db,
  caller: ScopedUser & { id: number },
  year: number,
  season: Season | undefined,
  now = new Date(),
): Promise<ReachScreening> {
  const schoolRows = await db
    .select({ id: schools.id, name: schools.name, districtId: schools.districtId })
    .from(schools)
    .where(schoolsOfAdmin(caller))
    .orderBy(asc(schools.name), asc(schools.id));
  const calendars = await calendarsOf(db, schoolRows, year);
  const cuts = await cutsOf(
    db,
    schoolRows.flatMap((s) => (s.districtId === null ? [] : [s.districtId])),
  );
  const cutsBySchool = new Map(
    schoolRows.flatMap((s) => {
      const ofDistrict = s.districtId === null ? undefined : cuts.get(s.districtId);
      return ofDistrict ? [[s.id, ofDistrict] as const] : [];
    }),
  );
  const shown =
    calendars.get(schoolRows[0]?.id ?? -1) ?? defaultCalendar(year, await passageChoices(db));
  const chosen = season ?? currentWindow(dayOf(now), windowsOnly(shown)).season;
  const before = previousSeason(chosen);

  const students = await studentsWhere(db, studentsInReachOf(caller));

  const [nowScreened, beforeScreened] = await Promise.all([
    screenSeason(db, caller, students, calendars, cutsBySchool, chosen),
    before ? screenSeason(db, caller, students, calendars, cutsBySchool, before) : null,
  ]);
  const tally = tallyBy(students, nowScreened, beforeScreened, (s, screened) => [
    "all",
    `grade ${screened.grade}`,
    `school ${s.schoolId}`,
    `class ${s.teacherId}`,
  ]);
  const all = tally("all");
  const grades = [1, 2, 3, 4, 5].map((grade) => ({ grade, ...tally(`grade ${grade}`) }));
  const teachers = new Map<number, StudentOfReach>();
  for (const s of students) if (!teachers.has(s.teacherId)) teachers.set(s.teacherId, s);
  const classes = [...teachers.values()]
    .sort(
      (a, b) =>
        a.teacherLast.localeCompare(b.teacherLast) ||
        a.teacherFirst.localeCompare(b.teacherFirst) ||
        a.teacherId - b.teacherId,
    )
    .map((t) => ({
      teacherId: t.teacherId,
      name: `${t.teacherFirst} ${t.teacherLast}`.trim(),
      schoolId: t.schoolId,
      ...tally(`class ${t.teacherId}`),
    }));
  return {
    year,
    season: chosen,
    previousSeason: before,
    windows: windowsOnly(shown),
    counts: all.counts,
    previous: all.previous,
    grades,
    schools: schoolRows.map((school) => ({
      id: school.id,
      name: school.name,
      ...tally(`school ${school.id}`),
    })),
    classes,
  };
}
