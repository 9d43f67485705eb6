import { z } from "zod";
import { PASSING_PERCENT, schoolYearStart } from "../learning/progress.ts";
import { dateRangeMessages, isoDay } from "../reports/dates.ts";
import { dataResponse } from "../validation.ts";

/**
 * How much a school uses the product (access spec §3 "School (district page)", screen 14): the
 * time-on-task and exam records summed over a period, for the district summary and the school
 * reports.
 */

/** Lessons read in a period, by the lesson's story genre. */
export const genreCount = z.object({ name: z.string(), count: z.number() });

/** One period's usage of a school. Times are whole minutes. */
export const schoolUsage = z.object({
  /** Reading, comprehension and other lesson time of the school's students. */
  student_learning_time: z.number(),
  /** Time the school's teachers spent on the grading and report pages. */
  teacher_investment_time: z.number(),
  /** Students with any lesson time in the period. */
  active_students: z.number(),
  /** Teachers with investment time, or with an active student, in the period. */
  active_teachers: z.number(),
  minutes_spent_reading: z.number(),
  comprehension_practice_time: z.number(),
  genres: z.array(genreCount),
});
export type SchoolUsage = z.infer<typeof schoolUsage>;

/** A period's six summed figures, as the district summary gives each school (no genres). */
export const usageTotals = schoolUsage.omit({ genres: true });
export type UsageTotals = z.infer<typeof usageTotals>;

/** The spec's shape: `breakdown[0].overall` of each period. */
const period = z.object({ breakdown: z.array(z.object({ overall: schoolUsage })) });

export const CONCEPT_COLORS = ["green", "yellow", "red"] as const;
export type ConceptColor = (typeof CONCEPT_COLORS)[number];

/** Below passing but within reach: the yellow band of a concept (access spec §3 concepts). */
export const CONCEPT_YELLOW_FROM = 50;

/** A concept's color: green at the exams' passing mark, yellow from half right, red below. */
export function conceptColor(percentage: number): ConceptColor {
  if (percentage >= PASSING_PERCENT) return "green";
  if (percentage >= CONCEPT_YELLOW_FROM) return "yellow";
  return "red";
}

/** Whole percent right, 0 when nothing was answered. */
export function conceptPercentage(correct: number, total: number): number {
  return total === 0 ? 0 : Math.round((correct / total) * 100);
}

export const concept = z.object({
  name: z.string(),
  correct: z.number(),
  total: z.number(),
  percentage: z.number(),
  color: z.enum(CONCEPT_COLORS),
});
export type Concept = z.infer<typeof concept>;

/**
 * The comprehension answers of a school's students in the period, grouped three ways (the
 * lessons carry no finer concept tags): by exam day, by the lesson's subject and by its story
 * genre. A block with no answers is left out.
 */
export const CONCEPT_BLOCK_TITLES = {
  day: "Comprehension by exam day",
  subject: "By subject",
  storyGenre: "By story genre",
} as const;
export const conceptBlock = z.object({ title: z.string(), concepts: z.array(concept) });
export type ConceptBlock = z.infer<typeof conceptBlock>;

/** What the concept scores report shows per school: its blocks over the period. */
export const schoolBreakdown = z.object({
  school: z.object({ id: z.number(), name: z.string() }),
  /** The period asked for (by default the school year to date). */
  school_year: period,
  /** The 30 days ending on the period's last day (or today, if that is earlier). */
  last_30_days: period,
  concepts: z.array(conceptBlock),
});
export type SchoolBreakdown = z.infer<typeof schoolBreakdown>;

export const schoolBreakdownResponse = dataResponse(schoolBreakdown);
export type SchoolBreakdownResponse = z.infer<typeof schoolBreakdownResponse>;

/**
 * GET /district_admin/school_breakdown/:schoolId: start_date and end_date default to the school
 * year to date (the district summary's "school year totals").
 */
export const schoolBreakdownQuery = z
  .object({ start_date: isoDay.optional(), end_date: isoDay.optional() })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    message: dateRangeMessages.reversed,
    path: ["end_date"],
  });

/** The default period of a breakdown on `today`: 1 July (the school year's start) to today. */
export function schoolYearToDate(today: Date): { start_date: string; end_date: string } {
  return { start_date: schoolYearStart(today), end_date: today.toISOString().slice(0, 10) };
}

/** The last 30 days (counting the last) of a period ending on `end`, no later than `today`. */
export function last30DaysOf(end: string, today: Date): { start_date: string; end_date: string } {
  const todayIso = today.toISOString().slice(0, 10);
  const last = end < todayIso ? end : todayIso;
  const start = new Date(Date.parse(`${last}T00:00:00Z`) - 29 * 86_400_000);
  return { start_date: start.toISOString().slice(0, 10), end_date: last };
}

/** Minutes from a sum of seconds, rounded down: a 50-second visit is not a minute of use. */
export const minutesOf = (seconds: number): number => Math.floor(seconds / 60);

/**
 * How many schools one answer of the district summary carries. The page asks for the next while
 * it reads "Loaded x of y schools" (screen 14): a district of 400 schools shows its totals and
 * first schools as soon as a district of 40 does.
 */
export const DISTRICT_SUMMARY_PAGE_SIZE = 25;

export const districtSummaryQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** No use at all: every figure zero. */
export const NO_USAGE: Readonly<UsageTotals> = {
  student_learning_time: 0,
  teacher_investment_time: 0,
  active_students: 0,
  active_teachers: 0,
  minutes_spent_reading: 0,
  comprehension_practice_time: 0,
};

/** A period's figures added up over schools (the district's totals); genres are not summed. */
export function sumUsage(usages: readonly UsageTotals[]): UsageTotals {
  const total = { ...NO_USAGE };
  for (const usage of usages)
    for (const key of Object.keys(total) as (keyof UsageTotals)[]) total[key] += usage[key];
  return total;
}

/**
 * GET /district_admin/summary/:districtId?page= (access spec screen 14): the district's totals
 * over the school year to date (`period`, the server's UTC today) and its last 30 days, and a page
 * of its schools by name with each one's people and figures. A school's genres and concepts are
 * its breakdown's, asked for when the admin opens it.
 */
export const districtSummary = z.object({
  district: z.string(),
  period: z.object({ start_date: z.string(), end_date: z.string() }),
  /** Every school's figures added up (`sumUsage`), whichever page this is. */
  totals: z.object({ school_year: usageTotals, last_30_days: usageTotals }),
  /** How many schools the district has, every page's. */
  school_count: z.number(),
  schools: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      teachers: z.number(),
      students: z.number(),
      school_year: usageTotals,
      last_30_days: usageTotals,
    }),
  ),
});
export type DistrictSummary = z.infer<typeof districtSummary>;
