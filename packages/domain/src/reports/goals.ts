import { schoolYearStart } from "../learning/progress.ts";
import { ORF_NORMS, type OrfRow, type Season } from "./orf-norms.ts";

/**
 * Fluency goals from published norms (docs/decisions/0018-goals-from-published-norms.md): a
 * student's benchmark words correct per minute against Hasbrouck & Tindal (2017) for their grade
 * and the season of the reading. Pure: the server loads the readings, these decide.
 */

export const GOAL_STATUSES = ["met", "approaching", "below", "none"] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

/**
 * The compilers' guidance: 10 or more WCPM below the 50th percentile may need fluency support
 * (the file's notes). So "below" starts there, "approaching" is the 9 WCPM just under the 50th
 * and "met" is the 50th percentile or more.
 */
export const SUPPORT_GAP_WCPM = 10;
/** How many of the latest benchmark readings of a season are averaged, as the guidance says. */
export const READINGS_AVERAGED = 2;

/**
 * The season of a date in a school year that starts on 1 July (UTC, like schoolYearStart):
 * fall 1 July–30 November, winter 1 December–end of February, spring 1 March–30 June. Each
 * season holds its usual screening window (fall September–October, winter January, spring
 * May) with the months around it, so a reading never falls between seasons.
 */
export function seasonOf(at: Date): Season {
  const month = at.getUTCMonth(); // 0 = January
  if (month >= 6 && month <= 10) return "fall";
  if (month === 11 || month <= 1) return "winter";
  return "spring";
}

/** A student's grade from their reading level: plan 6 is Kindergarten (0) … 11 Fifth Grade (5). */
export const gradeOfPlan = (planId: number): number => planId - 6;

/**
 * The norm row a reading is judged by, or null: Kindergarten has no ORF norms, and grade 1 in
 * the fall has none either. We do not borrow winter's for it: holding a first grader in
 * September to a January bar would call most of them "below" for being on time.
 */
export function normFor(grade: number, season: Season): OrfRow | null {
  return ORF_NORMS[grade]?.[season] ?? null;
}

/** The 50th percentile a reading aims at (the benchmark chart's target line), or null. */
export function targetWcpm(grade: number, at: Date): number | null {
  return normFor(grade, seasonOf(at))?.[2] ?? null;
}

/** Met / approaching / below for a WCPM against a 50th percentile. */
export function statusAgainst(wcpm: number, p50: number): Exclude<GoalStatus, "none"> {
  if (wcpm >= p50) return "met";
  return wcpm > p50 - SUPPORT_GAP_WCPM ? "approaching" : "below";
}

export interface BenchmarkReading {
  /** Words correct per minute of the graded reading (correctWordsPerMinute). */
  wcpm: number;
  at: Date;
}

export interface Goal {
  status: GoalStatus;
  /** The WCPM judged: the average of the readings used, or null for "none". */
  wcpm: number | null;
  /** The 50th percentile it was judged against, or null. */
  target: number | null;
  season: Season | null;
  /** How many readings were averaged (0, 1 or 2). */
  readings: number;
}

const NO_GOAL: Goal = { status: "none", wcpm: null, target: null, season: null, readings: 0 };

/**
 * A student's goal status: the latest benchmark reading decides the season, and the latest two
 * readings of that school year's season are averaged (one when only one was read). Readings of
 * an earlier season are not mixed in, so a fall and a winter score are never averaged against
 * winter's bar.
 */
export function goalStatus(grade: number, readings: readonly BenchmarkReading[]): Goal {
  const latestFirst = [...readings].sort((a, b) => b.at.getTime() - a.at.getTime());
  const latest = latestFirst[0];
  if (!latest) return NO_GOAL;
  const season = seasonOf(latest.at);
  const norm = normFor(grade, season);
  if (!norm) return NO_GOAL;
  const year = schoolYearStart(latest.at);
  const used = latestFirst
    .filter((r) => seasonOf(r.at) === season && schoolYearStart(r.at) === year)
    .slice(0, READINGS_AVERAGED);
  const wcpm = used.reduce((sum, r) => sum + r.wcpm, 0) / used.length;
  return {
    status: statusAgainst(wcpm, norm[2]),
    wcpm,
    target: norm[2],
    season,
    readings: used.length,
  };
}

/** A group's goal counts: how many of its students are at each status. */
export function goalCounts(statuses: readonly GoalStatus[]): Record<GoalStatus, number> {
  const counts: Record<GoalStatus, number> = { met: 0, approaching: 0, below: 0, none: 0 };
  for (const status of statuses) counts[status] += 1;
  return counts;
}
