import {
  bucketOf,
  type CountBucket,
  type CutScores,
  type Season,
  type TierCounts,
  type WindowWithPassages,
} from "@refrain/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { studentsOfSchool } from "../../core/access.ts";
import type { Db } from "../../db/client.ts";
import {
  schools,
  screeningCounts,
  screeningCountsMade,
  screeningSchoolChanges,
  users,
} from "../../db/schema/index.ts";
import { cutsOf } from "./cut-scores.ts";
import {
  benchmarkReadings,
  passagesOf,
  type Reading,
  screenedStudents,
  studentInWindow,
} from "./results.ts";

/**
 * Each school's screening counts, kept (issue 40, decision 0038): how many students of each
 * class are in each bucket per season and grade, made from the readings by the same
 * `studentInWindow` as a class's own page, and made again only for the schools whose inputs
 * changed since (the triggers of migration 0035 raise a school's change count). A district's
 * page then adds up a few rows per school instead of every student's readings.
 */

interface SchoolRow {
  id: number;
  districtId: number | null;
}

/** A class's (`teacherId`; 0 for the whole school) students in a bucket of a season and grade. */
export interface CountRow {
  schoolId: number;
  teacherId: number;
  season: Season;
  grade: number;
  bucket: CountBucket;
  students: number;
}

/** The whole school's rows, beside its classes'. */
export const WHOLE_SCHOOL = 0;

/**
 * Makes the year's counts of those of `schoolRows` whose inputs changed since theirs were made
 * (or that have none), one school at a time, by each school's windows (`calendars`).
 */
export async function freshCounts(
  db: Db,
  schoolRows: readonly SchoolRow[],
  year: number,
  calendars: ReadonlyMap<number, WindowWithPassages[]>,
): Promise<void> {
  if (schoolRows.length === 0) return;
  // The change count is read before the inputs: a change landing while a school's counts are
  // made raises it past the one they are recorded at, and the next view makes them again.
  const stale = await db
    .select({
      id: schools.id,
      version: sql<number>`coalesce(${screeningSchoolChanges.version}, 0)`,
    })
    .from(schools)
    .leftJoin(screeningSchoolChanges, eq(screeningSchoolChanges.schoolId, schools.id))
    .leftJoin(
      screeningCountsMade,
      and(eq(screeningCountsMade.schoolId, schools.id), eq(screeningCountsMade.schoolYear, year)),
    )
    .where(
      and(
        inArray(
          schools.id,
          schoolRows.map((s) => s.id),
        ),
        sql`${screeningCountsMade.version} is distinct from coalesce(${screeningSchoolChanges.version}, 0)`,
      ),
    );
  if (stale.length === 0) return;
  const districtOf = new Map(schoolRows.map((s) => [s.id, s.districtId]));
  const cuts = await cutsOf(
    db,
    stale.flatMap((s) => districtOf.get(s.id) ?? []),
  );
  for (const school of stale) {
    const districtId = districtOf.get(school.id) ?? null;
    const rows = await schoolCounts(
      db,
      school.id,
      calendars.get(school.id) ?? [],
      (districtId === null ? undefined : cuts.get(districtId)) ?? new Map(),
    );
    await db.transaction(async (tx) => {
      // One maker of a school's counts at a time (a view and the sweep may both find it stale):
      // a second waits here, then deletes what the first inserted rather than inserting beside
      // it, which the table's key would refuse.
      await tx.execute(
        sql`select ${schools.id} from ${schools} where ${schools.id} = ${school.id} for no key update`,
      );
      await tx
        .delete(screeningCounts)
        .where(and(eq(screeningCounts.schoolId, school.id), eq(screeningCounts.schoolYear, year)));
      if (rows.length > 0)
        await tx.insert(screeningCounts).values(rows.map((r) => ({ ...r, schoolYear: year })));
      await tx
        .insert(screeningCountsMade)
        .values({ schoolId: school.id, schoolYear: year, version: school.version })
        .onConflictDoUpdate({
          target: [screeningCountsMade.schoolId, screeningCountsMade.schoolYear],
          set: { version: school.version },
        });
    });
  }
}

/** A school's students in each of its windows, counted per class and for the whole school. */
async function schoolCounts(
  db: Db,
  schoolId: number,
  windows: readonly WindowWithPassages[],
  cuts: ReadonlyMap<string, CutScores>,
): Promise<CountRow[]> {
  if (windows.length === 0) return [];
  const first = windows.map((w) => w.start).sort()[0] as string;
  const last = windows
    .map((w) => w.end)
    .sort()
    .at(-1) as string;
  const [students, readings] = await Promise.all([
    screenedStudents(db, studentsOfSchool(schoolId)),
    benchmarkReadings(
      db,
      studentsOfSchool(schoolId),
      [...new Set(windows.flatMap(passagesOf))],
      first,
      last,
    ),
  ]);
  const byStudent = new Map<number, Reading[]>();
  for (const r of readings) byStudent.set(r.studentId, [...(byStudent.get(r.studentId) ?? []), r]);
  const counts = new Map<string, CountRow>();
  const add = (row: Omit<CountRow, "students">) => {
    const key = `${row.teacherId} ${row.season} ${row.grade} ${row.bucket}`;
    const found = counts.get(key);
    if (found) found.students += 1;
    else counts.set(key, { ...row, students: 1 });
  };
  for (const window of windows)
    for (const student of students) {
      const { grade, result } = studentInWindow(
        student,
        window,
        byStudent.get(student.id) ?? [],
        undefined,
        cuts,
      );
      const bucket = bucketOf(result);
      add({ schoolId, teacherId: student.teacherId, season: window.season, grade, bucket });
      add({ schoolId, teacherId: WHOLE_SCHOOL, season: window.season, grade, bucket });
    }
  return [...counts.values()];
}

/** A school's classes' counts in a year's seasons, with each teacher's name. */
export async function classRows(
  db: Db,
  schoolId: number,
  year: number,
  seasons: readonly Season[],
) {
  const teacher = alias(users, "teacher");
  return db
    .select({
      schoolId: screeningCounts.schoolId,
      teacherId: screeningCounts.teacherId,
      season: screeningCounts.season,
      grade: screeningCounts.grade,
      bucket: screeningCounts.bucket,
      students: screeningCounts.students,
      teacherFirst: teacher.firstName,
      teacherLast: teacher.lastName,
    })
    .from(screeningCounts)
    .innerJoin(teacher, eq(teacher.id, screeningCounts.teacherId))
    .where(
      and(
        eq(screeningCounts.schoolId, schoolId),
        eq(screeningCounts.schoolYear, year),
        inArray(screeningCounts.season, [...seasons]),
      ),
    );
}

/** Students in a bucket of a season, of one school (`grade` null) or of one grade (`schoolId` null). */
export interface SumRow {
  schoolId: number | null;
  grade: number | null;
  season: Season;
  bucket: CountBucket;
  students: number;
}

/** The rows that count `schoolIds` whole (not a class of them) in a year's seasons. */
const wholeSchoolsIn = (schoolIds: readonly number[], year: number, seasons: readonly Season[]) =>
  and(
    inArray(screeningCounts.schoolId, [...schoolIds]),
    eq(screeningCounts.schoolYear, year),
    inArray(screeningCounts.season, [...seasons]),
    eq(screeningCounts.teacherId, WHOLE_SCHOOL),
  );

/**
 * The whole schools' counts of `schoolIds` in a year's seasons, added up in the database per
 * school and per grade: a district's page reads a few rows per school, not every grade's.
 */
export async function schoolAndGradeSums(
  db: Db,
  schoolIds: readonly number[],
  year: number,
  seasons: readonly Season[],
): Promise<SumRow[]> {
  if (schoolIds.length === 0) return [];
  return db
    .select({
      schoolId: screeningCounts.schoolId,
      grade: screeningCounts.grade,
      season: screeningCounts.season,
      bucket: screeningCounts.bucket,
      students: sql<number>`sum(${screeningCounts.students})::int`,
    })
    .from(screeningCounts)
    .where(wholeSchoolsIn(schoolIds, year, seasons))
    .groupBy(
      sql`grouping sets ((${screeningCounts.schoolId}, ${screeningCounts.season}, ${screeningCounts.bucket}), (${screeningCounts.grade}, ${screeningCounts.season}, ${screeningCounts.bucket}))`,
    );
}

/** The whole schools' counts of `schoolIds` in a year's seasons, added up per school. */
export async function schoolSums(
  db: Db,
  schoolIds: readonly number[],
  year: number,
  seasons: readonly Season[],
): Promise<SumRow[]> {
  if (schoolIds.length === 0) return [];
  return db
    .select({
      schoolId: screeningCounts.schoolId,
      grade: sql<null>`null`,
      season: screeningCounts.season,
      bucket: screeningCounts.bucket,
      students: sql<number>`sum(${screeningCounts.students})::int`,
    })
    .from(screeningCounts)
    .where(wholeSchoolsIn(schoolIds, year, seasons))
    .groupBy(screeningCounts.schoolId, screeningCounts.season, screeningCounts.bucket);
}

const noCounts = (): TierCounts => ({
  at_or_above: 0,
  below: 0,
  well_below: 0,
  incomplete: 0,
  unrated: 0,
});

/**
 * Counts per key (a grade, a school, a class) in `season` and in the window before (`before`,
 * null for fall), from the rows `keysOf` files under each key. The unscreened count nowhere.
 */
export function tallyRows<Row extends Pick<CountRow, "season" | "bucket" | "students">>(
  rows: readonly Row[],
  season: Season,
  before: Season | null,
  keysOf: (row: Row) => readonly string[],
) {
  const counts = new Map<string, { counts: TierCounts; previous: TierCounts | null }>();
  const entry = (key: string) => {
    const found = counts.get(key) ?? { counts: noCounts(), previous: before ? noCounts() : null };
    counts.set(key, found);
    return found;
  };
  for (const row of rows) {
    if (row.bucket === "unscreened") continue;
    const which = row.season === season ? "counts" : row.season === before ? "previous" : null;
    if (!which) continue;
    for (const key of keysOf(row)) {
      const target = entry(key)[which];
      if (target) target[row.bucket] += row.students;
    }
  }
  return (key: string) =>
    counts.get(key) ?? { counts: noCounts(), previous: before ? noCounts() : null };
}

/** The classes among `rows` (a school's), with the students of each in `season`. */
export function classesOf(rows: Awaited<ReturnType<typeof classRows>>, season: Season) {
  const classes = new Map<
    number,
    {
      teacherId: number;
      schoolId: number;
      name: string;
      last: string;
      first: string;
      rows: CountRow[];
    }
  >();
  for (const row of rows) {
    if (row.teacherId === WHOLE_SCHOOL || row.season !== season) continue;
    const found = classes.get(row.teacherId) ?? {
      teacherId: row.teacherId,
      schoolId: row.schoolId,
      first: row.teacherFirst ?? "",
      last: row.teacherLast ?? "",
      name: `${row.teacherFirst ?? ""} ${row.teacherLast ?? ""}`.trim(),
      rows: [],
    };
    found.rows.push(row);
    classes.set(row.teacherId, found);
  }
  return [...classes.values()].sort(
    (a, b) =>
      a.last.localeCompare(b.last) || a.first.localeCompare(b.first) || a.teacherId - b.teacherId,
  );
}
