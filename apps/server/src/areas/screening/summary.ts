import {
  currentWindow,
  dayOf,
  previousSeason,
  type ReachScreening,
  SCREENED_GRADES,
  SCREENING_SCHOOLS_PAGE_SIZE,
  type ScopedUser,
  type Season,
  windowsOnly,
} from "@refrain/domain";
import { and, asc, eq, ilike } from "drizzle-orm";
import { schoolsOf, schoolsOfAdmin } from "../../core/access.ts";
import { ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { containing } from "../../db/like.ts";
import { schools } from "../../db/schema/index.ts";
import {
  classesOf,
  classRows,
  freshCounts,
  schoolAndGradeSums,
  schoolSums,
  tallyRows,
} from "./counts.ts";
import { districtGradeSums, freshDistrictCounts } from "./district-counts.ts";
import { calendarsOf, defaultCalendar, passageChoices, windowsIn } from "./windows.ts";

/**
 * An admin's school or district in a benchmark window (issue 39): how many students are in
 * each tier, per grade, per school and, for one school, per class, beside the window before.
 * Each school reads in its own windows (its district's, else its own, else the defaults); the
 * counts are the schools' kept ones (counts.ts), made current first. A district's totals are its
 * kept sums, and its schools are listed a page at a time: the page costs the same whether the
 * district has 40 schools or 400 (issue 40).
 */

/** Which page of a district's schools to list, and the part of a name they must hold. */
export interface SchoolList {
  search?: string;
  page: number;
}

/**
 * An admin's reach in a window of a school year: the one asked for, else the one open today or
 * the latest begun in the current year (by the district's windows, or the school's). With
 * `schoolId`, one school of the reach (404 for any other); else a district admin's district,
 * with the page of its schools `list` asks for.
 */
export async function reachScreening(
  db: Db,
  caller: ScopedUser & { id: number },
  year: number,
  season: Season | undefined,
  schoolId?: number,
  list: SchoolList = { page: 1 },
  now = new Date(),
): Promise<ReachScreening> {
  if (schoolId === undefined && caller.role === "district_admin" && caller.districtId !== null)
    return districtScreening(db, caller.districtId, year, season, list, now);
  const schoolRows = await db
    .select({ id: schools.id, name: schools.name, districtId: schools.districtId })
    .from(schools)
    .where(
      and(schoolsOfAdmin(caller), schoolId === undefined ? undefined : eq(schools.id, schoolId)),
    );
  if (schoolId !== undefined) ownedOr404(schoolRows[0]);
  const calendars = await calendarsOf(db, schoolRows, year);
  const shown =
    calendars.get(schoolRows[0]?.id ?? -1) ?? defaultCalendar(year, await passageChoices(db));
  const { chosen, before, seasons } = seasonsOf(shown, season, now);
  await freshCounts(db, schoolRows, year, calendars);
  const sums = await schoolAndGradeSums(
    db,
    schoolRows.map((s) => s.id),
    year,
    seasons,
  );
  return answer(db, {
    year,
    window: { chosen, before, seasons },
    shown,
    sums,
    listed: schoolRows,
    schoolCount: schoolRows.length,
    classSchool: schoolRows.length === 1 ? schoolRows[0]?.id : undefined,
  });
}

/** The window asked for, else today's; and the one before it, whose counts stand beside. */
function seasonsOf(
  shown: Parameters<typeof windowsOnly>[0],
  season: Season | undefined,
  now: Date,
) {
  const chosen = season ?? currentWindow(dayOf(now), windowsOnly(shown)).season;
  const before = previousSeason(chosen);
  return { chosen, before, seasons: before ? [chosen, before] : [chosen] };
}

/**
 * A district in a window: its totals and grades from its kept sums (made current first, which
 * makes its changed schools' counts current), and one page of its schools by name.
 */
async function districtScreening(
  db: Db,
  districtId: number,
  year: number,
  season: Season | undefined,
  list: SchoolList,
  now: Date,
): Promise<ReachScreening> {
  // The windows shown are the district's, else the defaults; a school with windows of its own
  // is counted in those (the page says so).
  const shown = (await windowsIn(db, { districtId, schoolId: null, teacherId: null }, year))
    .windows;
  const { chosen, before, seasons } = seasonsOf(shown, season, now);
  await freshDistrictCounts(db, districtId, year);
  const named = and(
    schoolsOf(districtId),
    list.search ? ilike(schools.name, containing(list.search)) : undefined,
  );
  const [grades, schoolCount, listed] = await Promise.all([
    districtGradeSums(db, districtId, year, seasons),
    db.$count(schools, named),
    db
      .select({ id: schools.id, name: schools.name })
      .from(schools)
      .where(named)
      .orderBy(asc(schools.name), asc(schools.id))
      .limit(SCREENING_SCHOOLS_PAGE_SIZE)
      .offset((list.page - 1) * SCREENING_SCHOOLS_PAGE_SIZE),
  ]);
  const perSchool = await schoolSums(
    db,
    listed.map((s) => s.id),
    year,
    seasons,
  );
  return answer(db, {
    year,
    window: { chosen, before, seasons },
    shown,
    sums: [...grades, ...perSchool],
    listed,
    schoolCount,
    // A district of one school lists its classes, as that school's own page would.
    classSchool: schoolCount === 1 && !list.search ? listed[0]?.id : undefined,
  });
}

/**
 * The answer from per-grade rows (`schoolId` null) and per-school rows (`grade` null), with the
 * classes of one school (`classSchool`) read from their rows.
 */
async function answer(
  db: Db,
  made: {
    year: number;
    window: ReturnType<typeof seasonsOf>;
    shown: Parameters<typeof windowsOnly>[0];
    sums: Awaited<ReturnType<typeof schoolSums>>;
    listed: readonly { id: number; name: string }[];
    schoolCount: number;
    classSchool: number | undefined;
  },
): Promise<ReachScreening> {
  const { year, sums, listed } = made;
  const { chosen, before, seasons } = made.window;
  const tally = tallyRows(sums, chosen, before, (r) =>
    r.schoolId === null ? ["all", `grade ${r.grade}`] : [`school ${r.schoolId}`],
  );
  const rows =
    made.classSchool === undefined ? [] : await classRows(db, made.classSchool, year, seasons);
  const ofClass = tallyRows(rows, chosen, before, (r) => [`class ${r.teacherId}`]);
  const all = tally("all");
  return {
    year,
    season: chosen,
    previousSeason: before,
    windows: windowsOnly(made.shown),
    students: sums
      .filter((r) => r.schoolId === null && r.season === chosen)
      .reduce((sum, r) => sum + r.students, 0),
    counts: all.counts,
    previous: all.previous,
    grades: SCREENED_GRADES.map((grade) => ({ grade, ...tally(`grade ${grade}`) })),
    schools: listed.map((school) => ({
      id: school.id,
      name: school.name,
      ...tally(`school ${school.id}`),
    })),
    schoolCount: made.schoolCount,
    classes: classesOf(rows, chosen).map((c) => ({
      teacherId: c.teacherId,
      name: c.name,
      schoolId: c.schoolId,
      ...ofClass(`class ${c.teacherId}`),
    })),
  };
}
