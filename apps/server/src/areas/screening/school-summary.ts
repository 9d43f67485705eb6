import {
  type BenchmarkWindow,
  type CutScores,
  currentWindow,
  dayOf,
  previousSeason,
  SCREENED_GRADES,
  type ScopedUser,
  type Season,
  schoolSummaryFileName,
  type TierCounts,
  windowsOnly,
} from "@refrain/domain";
import { and, eq } from "drizzle-orm";
import { schoolsOfAdmin } from "../../core/access.ts";
import { ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { schools } from "../../db/schema/index.ts";
import { classesOf, classRows, freshCounts, schoolAndGradeSums, tallyRows } from "./counts.ts";
import { cutKey, cutsFor, cutsOfScope } from "./cut-scores.ts";
import { renderSchoolSummary } from "./school-summary-pdf.ts";
import { calendarsOf } from "./windows.ts";

/**
 * One school in a benchmark window for its MTSS meeting (issue 39): the overview's counts (the
 * school's kept ones, counts.ts) for the school, per grade and per class, with what a
 * printed page needs besides: each class's grades and enrolment, and the cut scores in force.
 */

interface WithBefore {
  counts: TierCounts;
  /** The window before's, in the same school year; null for fall. */
  previous: TierCounts | null;
}

export interface SchoolSummary extends WithBefore {
  school: string;
  year: number;
  window: BenchmarkWindow;
  previousSeason: Season | null;
  grades: (WithBefore & {
    grade: number;
    /** The cuts the grade's tiers are taken by; null where the norms have no row. */
    cuts: CutScores | null;
    cutsFrom: "district" | "norms";
  })[];
  /** By teacher's name, as the overview lists them. */
  classes: {
    teacher: string;
    /** Its students' grades, lowest first (0 is Kindergarten). */
    grades: number[];
    enrolled: number;
    counts: TierCounts;
  }[];
}

/**
 * The school when it is in the admin's reach (a school admin's own, a district admin's
 * district's; 404 otherwise), in the window asked for, else the one standing today.
 */
export async function schoolSummary(
  db: Db,
  caller: ScopedUser & { id: number },
  schoolId: number,
  year: number,
  season: Season | undefined,
  now = new Date(),
): Promise<SchoolSummary> {
  const [school] = await db
    .select({ id: schools.id, name: schools.name, districtId: schools.districtId })
    .from(schools)
    .where(and(eq(schools.id, schoolId), schoolsOfAdmin(caller)));
  const { id, name, districtId } = ownedOr404(school);
  const calendars = await calendarsOf(db, [{ id, districtId }], year);
  const windows = windowsOnly(calendars.get(id) ?? []);
  const window = windows.find((w) => w.season === season) ?? currentWindow(dayOf(now), windows);
  const before = previousSeason(window.season);
  const cuts = await cutsOfScope(db, { districtId, schoolId: id, teacherId: null });

  await freshCounts(db, [{ id, districtId }], year, calendars);
  const seasons = before ? [window.season, before] : [window.season];
  const [sums, rows] = await Promise.all([
    schoolAndGradeSums(db, [id], year, seasons),
    classRows(db, id, year, seasons),
  ]);
  const tally = tallyRows(sums, window.season, before, (r) =>
    r.schoolId === null ? ["all", `grade ${r.grade}`] : [],
  );
  const ofClass = tallyRows(rows, window.season, before, (r) => [`class ${r.teacherId}`]);
  const classes = classesOf(rows, window.season).map((c) => ({
    teacher: c.name,
    grades: [...new Set(c.rows.map((r) => r.grade))].sort((a, b) => a - b),
    enrolled: c.rows.reduce((sum, r) => sum + r.students, 0),
    counts: ofClass(`class ${c.teacherId}`).counts,
  }));
  return {
    school: name,
    year,
    window,
    previousSeason: before,
    ...tally("all"),
    grades: SCREENED_GRADES.map((grade) => ({
      grade,
      ...tally(`grade ${grade}`),
      cuts: cutsFor(cuts, grade, window.season),
      cutsFrom: cuts.has(cutKey(grade, window.season)) ? "district" : "norms",
    })),
    classes,
  };
}

/** The school's summary as a PDF, named after the school and the window. */
export async function schoolSummaryPdf(
  db: Db,
  caller: ScopedUser & { id: number },
  schoolId: number,
  year: number,
  season: Season | undefined,
  now = new Date(),
): Promise<{ pdf: Buffer; filename: string }> {
  const summary = await schoolSummary(db, caller, schoolId, year, season, now);
  return {
    pdf: await renderSchoolSummary(summary, now),
    filename: schoolSummaryFileName(summary.school, year, summary.window.season),
  };
}
