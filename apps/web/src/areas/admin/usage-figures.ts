import {
  NO_USAGE,
  type SchoolBreakdown,
  type SchoolUsage,
  type UsageTotals,
} from "@refrain/domain";

/**
 * The usage figures as the district summary and the school reports show them (access spec §3
 * "School (district page)"): which numbers, in which order, and how each reads.
 */

type UsageKey = keyof UsageTotals;

export const USAGE_FIGURES: readonly { key: UsageKey; label: string; unit: "min" | "count" }[] = [
  { key: "student_learning_time", label: "Student learning time", unit: "min" },
  { key: "teacher_investment_time", label: "Teacher investment time", unit: "min" },
  { key: "active_students", label: "Active students", unit: "count" },
  { key: "active_teachers", label: "Active teachers", unit: "count" },
  { key: "minutes_spent_reading", label: "Minutes spent reading", unit: "min" },
  { key: "comprehension_practice_time", label: "Comprehension practice time", unit: "min" },
];

// American schools read "12,345"; one formatter for every figure keeps them alike.
const counts = new Intl.NumberFormat("en-US");

/** A count with thousands separators: 12345 → "12,345". */
export const formatCount = (n: number): string => counts.format(n);

/**
 * Whole minutes, always in minutes ("12,345 min"), so figures side by side compare at a glance
 * instead of mixing hours and minutes.
 */
export const formatMinutes = (minutes: number): string => `${counts.format(minutes)} min`;

/** One figure as shown. */
export const formatFigure = (unit: "min" | "count", value: number): string =>
  unit === "min" ? formatMinutes(value) : formatCount(value);

/** The spec's shape keeps the period's usage at `breakdown[0].overall`; none reads as zero. */
export function usageOf(period: SchoolBreakdown["school_year"]): SchoolUsage {
  return period.breakdown[0]?.overall ?? { ...NO_USAGE, genres: [] };
}

/** A school whose students spent no time in the period has no concept scores worth showing. */
export const hasNoData = (breakdown: SchoolBreakdown): boolean =>
  usageOf(breakdown.school_year).student_learning_time === 0;

/**
 * A school nobody teaches at yet: no classes, so no students, usage or concepts. Its reports and
 * breakdown could only ever read zero.
 */
export const hasNoTeachers = (school: { teachers: number }): boolean => school.teachers === 0;

export type ReportCategory = "usage" | "concepts";

/** A school's report for a period (the district page's Details and Concepts links). */
export function schoolReportPath(
  category: ReportCategory,
  schoolId: number,
  range: { start_date: string; end_date: string },
): string {
  const query = new URLSearchParams({
    school_id: String(schoolId),
    start_date: range.start_date,
    end_date: range.end_date,
  });
  return `/school_admin/reports/${category}?${query}`;
}
