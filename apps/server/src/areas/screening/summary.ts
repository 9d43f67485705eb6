import {
  currentWindow,
  dayOf,
  previousSeason,
  type ReachScreening,
  SCREENED_GRADES,
  type ScopedUser,
  type Season,
  windowsOnly,
} from "@refrain/domain";
import { and, asc, eq } from "drizzle-orm";
import { schoolsOfAdmin } from "../../core/access.ts";
import { ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { schools } from "../../db/schema/index.ts";
import { classesOf, classRows, freshCounts, schoolAndGradeSums, tallyRows } from "./counts.ts";
import { calendarsOf, defaultCalendar, passageChoices } from "./windows.ts";

/**
 * An admin's school or district in a benchmark window (issue 39): how many students are in
 * each tier, per grade, per school and, for one school, per class, beside the window before.
 * Each school reads in its own windows (its district's, else its own, else the defaults); the
 * counts are the schools' kept ones (counts.ts), made current first.
 */

/**
 * An admin's reach in a window of a school year: the one asked for, else the one open today or
 * the latest begun in the current year (by the district's windows, or the school's). With
 * `schoolId`, one school of the reach (404 for any other).
 */
export async function reachScreening(
  db: Db,
  caller: ScopedUser & { id: number },
  year: number,
  season: Season | undefined,
  schoolId?: number,
  now = new Date(),
): Promise<ReachScreening> {
  const schoolRows = await db
    .select({ id: schools.id, name: schools.name, districtId: schools.districtId })
    .from(schools)
    .where(
      and(schoolsOfAdmin(caller), schoolId === undefined ? undefined : eq(schools.id, schoolId)),
    )
    .orderBy(asc(schools.name), asc(schools.id));
  if (schoolId !== undefined) ownedOr404(schoolRows[0]);
  const calendars = await calendarsOf(db, schoolRows, year);
  const shown =
    calendars.get(schoolRows[0]?.id ?? -1) ?? defaultCalendar(year, await passageChoices(db));
  const chosen = season ?? currentWindow(dayOf(now), windowsOnly(shown)).season;
  const before = previousSeason(chosen);

  await freshCounts(db, schoolRows, year, calendars);
  const seasons = before ? [chosen, before] : [chosen];
  const sums = await schoolAndGradeSums(
    db,
    schoolRows.map((s) => s.id),
    year,
    seasons,
  );
  const tally = tallyRows(sums, chosen, before, (r) =>
    r.schoolId === null ? ["all", `grade ${r.grade}`] : [`school ${r.schoolId}`],
  );
  // A district's classes are many: they are listed one school at a time.
  const [oneSchool] = schoolRows.length === 1 ? schoolRows : [];
  const rows = oneSchool ? await classRows(db, oneSchool.id, year, seasons) : [];
  const ofClass = tallyRows(rows, chosen, before, (r) => [`class ${r.teacherId}`]);
  const all = tally("all");
  return {
    year,
    season: chosen,
    previousSeason: before,
    windows: windowsOnly(shown),
    students: sums
      .filter((r) => r.schoolId === null && r.season === chosen)
      .reduce((sum, r) => sum + r.students, 0),
    counts: all.counts,
    previous: all.previous,
    grades: SCREENED_GRADES.map((grade) => ({ grade, ...tally(`grade ${grade}`) })),
    schools: schoolRows.map((school) => ({
      id: school.id,
      name: school.name,
      ...tally(`school ${school.id}`),
    })),
    classes: classesOf(rows, chosen).map((c) => ({
      teacherId: c.teacherId,
      name: c.name,
      schoolId: c.schoolId,
      ...ofClass(`class ${c.teacherId}`),
    })),
  };
}
