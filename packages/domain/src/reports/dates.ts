import { z } from "zod";
import { schoolYearStart } from "../learning/progress.ts";
import { keysOf } from "../validation.ts";

/**
 * The date range of a report (grading spec §2 "Report criteria selector", §5): YYYY-MM-DD in
 * URLs and queries, MM/DD/YYYY on screen. Both ends are inclusive days (UTC).
 */

/** The spec's default graph range, which is also "all time" and the widest range taken. */
export const ALL_TIME = { start: "2000-01-01", end: "2500-01-01" } as const;

export const dateRangeMessages = {
  format: "Enter a date as YYYY-MM-DD.",
  outside: "Choose a date from 01/01/2000 to 01/01/2500.",
  reversed: "The end date must be on or after the start date.",
} as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a YYYY-MM-DD names a real day (not 2025-02-30). */
function realDay(value: string): boolean {
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

/** One YYYY-MM-DD day from 2000-01-01 to 2500-01-01. */
export const isoDay = z
  .string({ error: dateRangeMessages.format })
  .regex(ISO_DAY, { message: dateRangeMessages.format, abort: true })
  .refine(realDay, { message: dateRangeMessages.format, abort: true })
  // Same-length ISO days compare as text.
  .refine((d) => d >= ALL_TIME.start && d <= ALL_TIME.end, dateRangeMessages.outside);

/**
 * `start_date` and `end_date` of a report query, each defaulting to all time; a reversed range
 * is refused on `end_date`. Spread into a call's query object with `withDateRange`.
 */
export const dateRangeFields = {
  start_date: isoDay.default(ALL_TIME.start),
  end_date: isoDay.default(ALL_TIME.end),
};

export interface DateRange {
  start_date: string;
  end_date: string;
}

/** A query schema with the date range and the check that it runs forward. */
export function withDateRange<S extends z.ZodRawShape>(shape: S) {
  return z
    .object({ ...shape, ...dateRangeFields })
    .refine((q) => (q as unknown as DateRange).start_date <= (q as unknown as DateRange).end_date, {
      message: dateRangeMessages.reversed,
      path: ["end_date"],
    });
}

export const DATE_SHORTCUT_LABELS = {
  last_week: "Last week",
  last_30_days: "30 days",
  last_90_days: "90 days",
  school_year: "School year",
  all_time: "All time",
};
export const DATE_SHORTCUTS = keysOf(DATE_SHORTCUT_LABELS);
export type DateShortcut = (typeof DATE_SHORTCUTS)[number];

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The range a shortcut picks on `today` (a UTC day): the last 7, 30 or 90 days counting today,
 * the school year since 1 July, or all time.
 */
export function shortcutRange(shortcut: DateShortcut, today: Date): { start: string; end: string } {
  const end = dayOf(today);
  const back = (days: number) => ({
    start: dayOf(new Date(today.getTime() - (days - 1) * DAY_MS)),
    end,
  });
  switch (shortcut) {
    case "last_week":
      return back(7);
    case "last_30_days":
      return back(30);
    case "last_90_days":
      return back(90);
    case "school_year":
      return { start: schoolYearStart(today), end };
    case "all_time":
      return { ...ALL_TIME };
  }
}

/** YYYY-MM-DD as the screen shows it, MM/DD/YYYY. */
export function shownDate(isoDate: string): string {
  const [year, month, date] = isoDate.split("-");
  return `${month}/${date}/${year}`;
}
