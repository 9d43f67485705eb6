import {
  bucketOf,
  type CountBucket,
  type CutScores,
  dayOf,
  type Season,
  schoolYearNumber,
  type TierCounts,
  type WindowWithPassages,
} from "@refrain/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { schoolsOf, studentsOfSchool } from "../../core/access.ts";
import { type Db, rowsOf } from "../../db/client.ts";
import {
  districts,
  schools,
  screeningCounts,
  screeningCountsMade,
  screeningDistrictCounts,
  screeningDistrictCountsMade,
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
import { calendarsOf } from "./windows.ts";

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
interface SumRow {
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

/**
 * Whether a district's kept sums of a year (`screening_district_counts`) are those of its schools
 * as they are: the same schools, each at the change count its summed rows were made at. One
 * statement, an index probe per school of the district, no rows read out.
 */
async function districtCountsCurrent(db: Db, districtId: number, year: number) {
  const made = screeningDistrictCountsMade;
  const result = await db.execute(sql`select
    exists (
      select 1 from ${schools}
      left join ${screeningSchoolChanges} on ${screeningSchoolChanges.schoolId} = ${schools.id}
      left join ${made} on ${made.districtId} = ${districtId} and ${made.schoolYear} = ${year}
        and ${made.schoolId} = ${schools.id}
      where ${schools.districtId} = ${districtId}
        and ${made.version} is distinct from coalesce(${screeningSchoolChanges.version}, 0)
    ) or exists (
      select 1 from ${made}
      where ${made.districtId} = ${districtId} and ${made.schoolYear} = ${year}
        and not exists (select 1 from ${schools} where ${schools.id} = ${made.schoolId}
          and ${schools.districtId} = ${districtId})
    ) as stale`);
  return rowsOf<{ stale: boolean }>(result)[0]?.stale === false;
}

/**
 * Makes a district's year's sums again unless they are current (`districtCountsCurrent`): its
 * schools' counts made current first (`freshCounts`), then added up in the database, whole.
 */
export async function freshDistrictCounts(db: Db, districtId: number, year: number): Promise<void> {
  if (await districtCountsCurrent(db, districtId, year)) return;
  const schoolRows = await db
    .select({ id: schools.id, districtId: schools.districtId })
    .from(schools)
    .where(schoolsOf(districtId));
  await freshCounts(db, schoolRows, year, await calendarsOf(db, schoolRows, year));
  const made = screeningDistrictCountsMade;
  await db.transaction(async (tx) => {
    // One maker of a district's sums at a time: a second waits here, then replaces them whole.
    await tx.execute(
      sql`select ${districts.id} from ${districts} where ${districts.id} = ${districtId} for no key update`,
    );
    await tx
      .delete(screeningDistrictCounts)
      .where(
        and(
          eq(screeningDistrictCounts.districtId, districtId),
          eq(screeningDistrictCounts.schoolYear, year),
        ),
      );
    await tx.delete(made).where(and(eq(made.districtId, districtId), eq(made.schoolYear, year)));
    // The sums and the change counts they record are of the same schools' rows, each at the
    // count it was made at: a school changed since `freshCounts` shows as stale at the next view.
    await tx.execute(sql`insert into ${screeningDistrictCounts}
      (district_id, school_year, season, grade, bucket, students)
      select ${districtId}, ${year}, c.season, c.grade, c.bucket, sum(c.students)::int
      from ${screeningCounts} c
      join ${schools} s on s.id = c.school_id and s.district_id = ${districtId}
      join ${screeningCountsMade} m on m.school_id = c.school_id and m.school_year = ${year}
      where c.school_year = ${year} and c.teacher_id = ${WHOLE_SCHOOL}
      group by c.season, c.grade, c.bucket`);
    await tx.execute(sql`insert into ${made} (district_id, school_year, school_id, version)
      select ${districtId}, ${year}, s.id, m.version
      from ${schools} s
      join ${screeningCountsMade} m on m.school_id = s.id and m.school_year = ${year}
      where s.district_id = ${districtId}`);
  });
}

/** A district's kept sums in a year's seasons, per grade (`schoolId` null: the whole district). */
export async function districtGradeSums(
  db: Db,
  districtId: number,
  year: number,
  seasons: readonly Season[],
): Promise<SumRow[]> {
  return db
    .select({
      schoolId: sql<null>`null`,
      grade: screeningDistrictCounts.grade,
      season: screeningDistrictCounts.season,
      bucket: screeningDistrictCounts.bucket,
      students: screeningDistrictCounts.students,
    })
    .from(screeningDistrictCounts)
    .where(
      and(
        eq(screeningDistrictCounts.districtId, districtId),
        eq(screeningDistrictCounts.schoolYear, year),
        inArray(screeningDistrictCounts.season, [...seasons]),
      ),
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

/**
 * The "screening-counts" schedule's sweep: this school year's counts of every school made again
 * where its inputs changed, and each district's sums of them, so that a change reaching many
 * schools at once (a district's windows or cut scores, a roster import) is counted before an
 * admin opens the page.
 */
export async function sweepCounts(db: Db, now = new Date()): Promise<void> {
  const year = schoolYearNumber(dayOf(now));
  const schoolRows = await db
    .select({ id: schools.id, districtId: schools.districtId })
    .from(schools);
  await freshCounts(db, schoolRows, year, await calendarsOf(db, schoolRows, year));
  for (const districtId of new Set(schoolRows.flatMap((s) => s.districtId ?? [])))
    await freshDistrictCounts(db, districtId, year);
}
