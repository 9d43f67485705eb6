import { schoolYearStart } from "../learning/progress.ts";
import { normFor, SUPPORT_GAP_WCPM } from "../reports/goals.ts";
import { ORF_PERCENTILES, type OrfRow, SEASONS, type Season } from "../reports/orf-norms.ts";

/**
 * Screening and progress monitoring (docs/decisions/0037-screening-and-progress-monitoring.md):
 * the rules a reading specialist runs MTSS by, pure. The server loads windows, readings and
 * plans; these decide scores, tiers, aim lines, trends and flags.
 */

/** Beginning, middle and end of year: one benchmark window per season (decision 0018). */
export const WINDOW_NAMES: Record<Season, string> = {
  fall: "Beginning of year (fall)",
  winter: "Middle of year (winter)",
  spring: "End of year (spring)",
};
/** A screened grade (0 Kindergarten … 5) as tables name it: "3rd". */
export const GRADE_NAMES = ["Kindergarten", "1st", "2nd", "3rd", "4th", "5th"] as const;

/** The same in a heading or a sentence: "3rd grade", "Kindergarten". */
export const gradeName = (grade: number): string =>
  grade === 0 ? "Kindergarten" : `${GRADE_NAMES[grade] ?? grade} grade`;

export const WINDOW_SHORT: Record<Season, string> = { fall: "BOY", winter: "MOY", spring: "EOY" };

// ---------------------------------------------------------------------------------------------
// Windows

/** A benchmark window: its season and its first and last days (YYYY-MM-DD, inclusive, UTC). */
export interface BenchmarkWindow {
  season: Season;
  start: string;
  end: string;
}

/** The days of a school year each season's window must fall in (decision 0018's seasons). */
export function seasonBounds(yearStart: string, season: Season): { first: string; last: string } {
  const year = Number(yearStart.slice(0, 4));
  if (season === "fall") return { first: `${year}-07-01`, last: `${year}-11-30` };
  if (season === "winter") {
    const leap = (year + 1) % 4 === 0 && ((year + 1) % 100 !== 0 || (year + 1) % 400 === 0);
    return { first: `${year}-12-01`, last: `${year + 1}-02-${leap ? 29 : 28}` };
  }
  return { first: `${year + 1}-03-01`, last: `${year + 1}-06-30` };
}

/**
 * The windows a school year has when nobody set them: the usual screening months of decision
 * 0018 (fall September–October, winter January, spring May).
 */
export function defaultWindows(yearStart: string): BenchmarkWindow[] {
  const year = Number(yearStart.slice(0, 4));
  return [
    { season: "fall", start: `${year}-09-01`, end: `${year}-10-31` },
    { season: "winter", start: `${year + 1}-01-01`, end: `${year + 1}-01-31` },
    { season: "spring", start: `${year + 1}-05-01`, end: `${year + 1}-05-31` },
  ];
}

/** The day of a date (UTC) as YYYY-MM-DD. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** The window open on a day, or null between windows. */
export function windowOn<W extends BenchmarkWindow>(day: string, windows: readonly W[]): W | null {
  return windows.find((w) => w.start <= day && day <= w.end) ?? null;
}

/**
 * The window a screening page shows on a day: the open one, else the latest that has begun this
 * school year (its results stand until the next), else the year's first.
 */
export function currentWindow<W extends BenchmarkWindow>(day: string, windows: readonly W[]): W {
  const sorted = [...windows].sort((a, b) => a.start.localeCompare(b.start));
  const begun = sorted.filter((w) => w.start <= day);
  const found = begun[begun.length - 1] ?? sorted[0];
  if (!found) throw new Error("A school year has three windows");
  return found;
}

/** The window before a season's in the same school year, or null for fall. */
export function previousSeason(season: Season): Season | null {
  const at = SEASONS.indexOf(season);
  return at > 0 ? (SEASONS[at - 1] as Season) : null;
}

/** The school year (its first day, "YYYY-07-01") a day belongs to. */
export const schoolYearOf = (day: string): string => schoolYearStart(new Date(`${day}T12:00:00Z`));

// ---------------------------------------------------------------------------------------------
// The benchmark score

/** Passages a student reads in a window; the score is their median (DIBELS 8, Acadience). */
export const PASSAGES_PER_WINDOW = 3;

/** The median of numbers (the middle one, or the mean of the middle two), null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** One passage's confirmed reading: its words correct per minute and accuracy (0–100). */
export interface PassageScore {
  wcpm: number;
  accuracy: number;
}

export type BenchmarkScore =
  | { status: "complete"; wcpm: number; accuracy: number }
  | { status: "incomplete"; confirmed: number };

/**
 * A window's benchmark score: the median of the three passages' WCPM and, apart, of their
 * accuracy. Fewer than three confirmed readings is "incomplete", never a guess from one or two.
 */
export function benchmarkScore(passages: readonly PassageScore[]): BenchmarkScore {
  if (passages.length < PASSAGES_PER_WINDOW)
    return { status: "incomplete", confirmed: passages.length };
  const used = passages.slice(0, PASSAGES_PER_WINDOW);
  return {
    status: "complete",
    wcpm: median(used.map((p) => p.wcpm)) as number,
    accuracy: median(used.map((p) => p.accuracy)) as number,
  };
}

// ---------------------------------------------------------------------------------------------
// Tiers

export const TIERS = ["at_or_above", "below", "well_below"] as const;
export type Tier = (typeof TIERS)[number];
export const TIER_LABELS: Record<Tier, string> = {
  at_or_above: "At or above benchmark",
  below: "Below benchmark",
  well_below: "Well below benchmark",
};

/**
 * A grade's cut scores for a season: `benchmark` is the lowest score at or above benchmark,
 * `wellBelow` the highest score well below it (as published tables print ranges "0–67").
 */
export interface CutScores {
  benchmark: number;
  wellBelow: number;
}

/**
 * Cut scores from the norms (decision 0018): at or above from the 50th percentile; well below
 * at 10 WCPM or more under it, the compilers' "may need fluency support". Null where the norms
 * have no row (Kindergarten, grade 1 in the fall).
 */
export function normCuts(grade: number, season: Season): CutScores | null {
  const row = normFor(grade, season);
  return row ? { benchmark: row[2], wellBelow: row[2] - SUPPORT_GAP_WCPM } : null;
}

/** The tier of a benchmark score against cut scores. */
export function tierOf(wcpm: number, cuts: CutScores): Tier {
  if (wcpm >= cuts.benchmark) return "at_or_above";
  return wcpm <= cuts.wellBelow ? "well_below" : "below";
}

/** Where a score sits among the norms' percentiles: at one, or beyond the 10th or 90th. */
export interface Percentile {
  value: number;
  bound: "at" | "under" | "over";
}

/**
 * The percentile of a WCPM in a norm row, by straight lines between the published 10th, 25th,
 * 50th, 75th and 90th: the norms print nothing finer, and nothing beyond the 10th and 90th, so
 * a score outside them is "under the 10th" or "over the 90th" rather than an invented number.
 */
export function percentileOf(wcpm: number, row: OrfRow): Percentile {
  if (wcpm < row[0]) return { value: 10, bound: "under" };
  if (wcpm > row[4]) return { value: 90, bound: "over" };
  for (let i = 0; i < row.length - 1; i += 1) {
    const [low, high] = [row[i] as number, row[i + 1] as number];
    if (wcpm <= high) {
      const [pLow, pHigh] = [ORF_PERCENTILES[i] as number, ORF_PERCENTILES[i + 1] as number];
      const share = high === low ? 1 : (wcpm - low) / (high - low);
      return { value: Math.round(pLow + share * (pHigh - pLow)), bound: "at" };
    }
  }
  return { value: 90, bound: "at" };
}

/** "37th", "under the 10th", "over the 90th". */
export function percentileText(p: Percentile): string {
  const ordinal = (n: number) => {
    const tens = n % 100;
    const suffix =
      tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th");
    return `${n}${suffix}`;
  };
  if (p.bound === "under") return `under the ${ordinal(p.value)}`;
  if (p.bound === "over") return `over the ${ordinal(p.value)}`;
  return ordinal(p.value);
}

/** A student's result in a window. */
export type ScreeningResult =
  | {
      status: "scored";
      wcpm: number;
      accuracy: number;
      tier: Tier;
      percentile: Percentile | null;
    }
  /** Fewer than three confirmed readings. */
  | { status: "incomplete"; confirmed: number }
  /** A complete score with no cut scores for the grade and season (Kindergarten, grade 1 fall). */
  | { status: "unrated"; wcpm: number; accuracy: number };

/**
 * A student's window result: the median score, its tier against the district's cut scores when
 * it uploaded them (else the norms'), and its percentile in the norms.
 */
export function screeningResult(
  grade: number,
  season: Season,
  passages: readonly PassageScore[],
  districtCuts: CutScores | null = null,
): ScreeningResult {
  const score = benchmarkScore(passages);
  if (score.status === "incomplete") return score;
  const cuts = districtCuts ?? normCuts(grade, season);
  if (!cuts) return { status: "unrated", wcpm: score.wcpm, accuracy: score.accuracy };
  const row = normFor(grade, season);
  return {
    status: "scored",
    wcpm: score.wcpm,
    accuracy: score.accuracy,
    tier: tierOf(score.wcpm, cuts),
    percentile: row ? percentileOf(score.wcpm, row) : null,
  };
}

/** How many students are in each tier, incomplete and unrated, and the tiers' shares of the scored. */
export interface TierCounts {
  at_or_above: number;
  below: number;
  well_below: number;
  incomplete: number;
  unrated: number;
}

export function tierCounts(results: readonly ScreeningResult[]): TierCounts {
  const counts: TierCounts = { at_or_above: 0, below: 0, well_below: 0, incomplete: 0, unrated: 0 };
  for (const result of results) {
    if (result.status === "scored") counts[result.tier] += 1;
    else counts[result.status] += 1;
  }
  return counts;
}

/**
 * What a student counts as in a window's counts: a `TierCounts` key, or "unscreened" when their
 * grade reads no passages (Kindergarten), which counts in a class's enrolment only.
 */
export const COUNT_BUCKETS = [...TIERS, "incomplete", "unrated", "unscreened"] as const;
export type CountBucket = (typeof COUNT_BUCKETS)[number];

/** The bucket of a window's result (null: the grade reads no passages). */
export const bucketOf = (result: ScreeningResult | null): CountBucket =>
  result === null ? "unscreened" : result.status === "scored" ? result.tier : result.status;

/** A tier's share (0–100, whole) of the students with a tier; null when none has one. */
export function tierShare(counts: TierCounts, tier: Tier): number | null {
  const scored = counts.at_or_above + counts.below + counts.well_below;
  return scored === 0 ? null : Math.round((counts[tier] / scored) * 100);
}

// ---------------------------------------------------------------------------------------------
// Progress monitoring

/** Days between monitoring readings by tier: intensive every week, strategic every two. */
export const DEFAULT_CADENCE_DAYS: Record<Exclude<Tier, "at_or_above">, number> = {
  well_below: 7,
  below: 14,
};
/** A due reading is overdue once a week has passed after its due day. */
export const OVERDUE_AFTER_DAYS = 7;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
export const addDays = (day: string, days: number): string =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

export type MonitoringDue =
  | { status: "not_due"; next: string }
  | {
      status: "due" | "overdue";
      next: string;
    };

/** Whether a monitoring reading is due on a day, from the last one (or the plan's start). */
export function monitoringDue(
  lastReading: string,
  cadenceDays: number,
  today: string,
): MonitoringDue {
  const next = addDays(lastReading, cadenceDays);
  if (today < next) return { status: "not_due", next };
  return { status: daysBetween(next, today) >= OVERDUE_AFTER_DAYS ? "overdue" : "due", next };
}

/**
 * A point on a monitoring graph: a day and its WCPM; `at`, the moment it was read (an ISO
 * timestamp), orders the points of one day against a decision made that day.
 */
export interface MonitoringPoint {
  day: string;
  wcpm: number;
  at?: string;
}

/** Weeks from one day to another. */
export const weeksBetween = (from: string, to: string): number => daysBetween(from, to) / 7;

/** The aim line: from the baseline's day and score to the goal's. */
export interface AimLine {
  from: MonitoringPoint;
  to: MonitoringPoint;
}

/** The aim line's WCPM on a day (straight between its ends, continued beyond them). */
export function aimAt(aim: AimLine, day: string): number {
  const span = daysBetween(aim.from.day, aim.to.day);
  if (span === 0) return aim.to.wcpm;
  const slope = (aim.to.wcpm - aim.from.wcpm) / span;
  return aim.from.wcpm + slope * daysBetween(aim.from.day, day);
}

/** The WCPM a week the aim line asks for. */
export const aimRoi = (aim: AimLine): number | null => {
  const weeks = weeksBetween(aim.from.day, aim.to.day);
  return weeks > 0 ? (aim.to.wcpm - aim.from.wcpm) / weeks : null;
};

/** Points a trend line needs (fewer say more about the day than about the reader). */
export const TREND_MIN_POINTS = 6;

/** A straight line: WCPM on the first point's day, and WCPM gained a week. */
export interface Trend {
  start: MonitoringPoint;
  perWeek: number;
}

/** The least-squares line through the points by week, from six points on; else null. */
export function trendLine(points: readonly MonitoringPoint[]): Trend | null {
  if (points.length < TREND_MIN_POINTS) return null;
  const sorted = [...points].sort((a, b) => a.day.localeCompare(b.day));
  const first = (sorted[0] as MonitoringPoint).day;
  const xs = sorted.map((p) => weeksBetween(first, p.day));
  const ys = sorted.map((p) => p.wcpm);
  const n = sorted.length;
  const meanX = xs.reduce((s, x) => s + x, 0) / n;
  const meanY = ys.reduce((s, y) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i += 1) {
    sxy += ((xs[i] as number) - meanX) * ((ys[i] as number) - meanY);
    sxx += ((xs[i] as number) - meanX) ** 2;
  }
  // All on one day: no slope to speak of.
  if (sxx === 0) return null;
  const perWeek = sxy / sxx;
  return { start: { day: first, wcpm: meanY - perWeek * meanX }, perWeek };
}

/** The trend's WCPM on a day. */
export const trendAt = (trend: Trend, day: string): number =>
  trend.start.wcpm + trend.perWeek * weeksBetween(trend.start.day, day);

/**
 * The rate of improvement the norms expect a week: the 50th percentile's gain from one season
 * to the end of year, over the weeks between those windows' middles. Null where the norms have
 * no row for either, or for a baseline in spring (no later season to gain toward).
 */
export function expectedRoi(
  grade: number,
  from: BenchmarkWindow,
  spring: BenchmarkWindow,
): number | null {
  const start = normFor(grade, from.season);
  const end = normFor(grade, "spring");
  if (!start || !end || from.season === "spring") return null;
  const middle = (w: BenchmarkWindow) =>
    addDays(w.start, Math.floor(daysBetween(w.start, w.end) / 2));
  const weeks = weeksBetween(middle(from), middle(spring));
  return weeks > 0 ? (end[2] - start[2]) / weeks : null;
}

/** Consecutive points on one side of the aim line that call for a decision. */
export const DECISION_POINTS = 4;

export type DecisionFlag = "change_intervention" | "raise_goal";
export const DECISION_FLAG_TEXT: Record<DecisionFlag, string> = {
  change_intervention:
    "The last four points are below the aim line: change the intervention (more time, a smaller group, or a different focus).",
  raise_goal: "The last four points are above the aim line: raise the goal.",
};

/**
 * The four-point rule: the last four monitoring points, all after the latest decision (a day, or
 * the moment it was recorded, compared with each point's `at` where it has one), all below the
 * aim line (change the intervention) or all above it (raise the goal). A point on the line breaks
 * a run either way.
 */
export function decisionFlag(
  points: readonly MonitoringPoint[],
  aim: AimLine,
  lastDecision: string | null = null,
): DecisionFlag | null {
  const since = [...points]
    .filter((p) => lastDecision === null || (p.at ?? p.day) > lastDecision)
    .sort((a, b) => (a.at ?? a.day).localeCompare(b.at ?? b.day));
  if (since.length < DECISION_POINTS) return null;
  const last = since.slice(-DECISION_POINTS).map((p) => p.wcpm - aimAt(aim, p.day));
  if (last.every((gap) => gap < 0)) return "change_intervention";
  if (last.every((gap) => gap > 0)) return "raise_goal";
  return null;
}
