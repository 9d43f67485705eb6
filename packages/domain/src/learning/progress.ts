import type { TriState } from "../roster.ts";
import { keysOf } from "../validation.ts";

/**
 * A student's progress through one lesson and the rules that read it (classroom spec §4, §9;
 * grading spec §3 "Computed values"). Pure: the server loads the numbers, these decide.
 */

/** A day 1–3 score under this percent asks the student to try again (classroom spec §9). */
export const PASSING_PERCENT = 75;
/** Fluency practice is reading along three times (classroom spec §9, `require_3x`). */
export const READ_ALONGS_REQUIRED = 3;
/** The multiple-choice days; day 4 is the written extension. */
export const TEST_DAYS = [1, 2, 3] as const;
export type TestDay = (typeof TEST_DAYS)[number];

/** A day percent is correct/solved rounded, and null when nothing was solved. */
export function dayPercent(correct: number, solved: number): number | null {
  if (solved <= 0) return null;
  return Math.round((100 * correct) / solved);
}

/**
 * A percent as the app writes it to everyone, "88%": the one format a student sees, so a
 * score reads the same on a badge, after an attempt and in a message.
 */
export const percentText = (percent: number) => `${percent}%`;

/** The average of the three day percents, only once all three exist. */
export function overallPercent(days: readonly (number | null)[]): number | null {
  if (days.length !== TEST_DAYS.length) return null;
  let sum = 0;
  for (const day of days) {
    if (day === null) return null;
    sum += day;
  }
  return Math.round(sum / days.length);
}

/** A scored day under 75% shows "try again"; a day not taken yet does not. */
export function needsRetake(percent: number | null): boolean {
  return percent !== null && percent < PASSING_PERCENT;
}

export function isPassed(percent: number | null): boolean {
  return percent !== null && percent >= PASSING_PERCENT;
}

/**
 * What gates a lesson, resolved to on or off: the roster's `require_3x` and `require_retake`
 * (each the student's own or the class default) and the class's `complete_lessons_extensions`.
 * The class defaults come from the teacher's preferences (account.ts `classLessonRules`).
 */
export interface LessonRules {
  require3x: boolean;
  requireRetake: boolean;
  /** Day 4 must be handed in for the lesson to be complete. */
  requireExtension: boolean;
}

/** How fast the track plays for a student with `slow_video`: slower, the words still clear. */
export const SLOW_PLAYBACK_RATE = 0.75;

/** A student's own setting wins; `inherit` takes the class default. */
export function resolveTriState(own: TriState, classDefault: boolean): boolean {
  return own === "inherit" ? classDefault : own === 1;
}

export function resolveLessonRules(
  own: { require_3x: TriState; require_retake: TriState },
  classDefaults: LessonRules,
): LessonRules {
  return {
    ...classDefaults,
    require3x: resolveTriState(own.require_3x, classDefaults.require3x),
    requireRetake: resolveTriState(own.require_retake, classDefaults.requireRetake),
  };
}

export type ExtensionState = "none" | "draft" | "submitted";

/**
 * What a student has done in a lesson. A day's percent is its latest attempt: a retake replaces
 * the score shown and judged (every attempt is still kept for the reports).
 */
export interface LessonProgress {
  readAlongs: number;
  days: Record<TestDay, number | null>;
  extension: ExtensionState;
}

export const EMPTY_PROGRESS: LessonProgress = {
  readAlongs: 0,
  days: { 1: null, 2: null, 3: null },
  extension: "none",
};

/** Why a day cannot be opened yet; each has a message a student can act on. */
export const lockMessages = {
  read_alongs: `Read along ${READ_ALONGS_REQUIRED} times to unlock the exam.`,
  previous_day: `Pass the day before with ${PASSING_PERCENT}% or more to unlock this day.`,
  days_1_to_3: "Finish days 1, 2 and 3 to unlock day 4.",
};
export const LOCK_REASONS = keysOf(lockMessages);
export type LockReason = (typeof LOCK_REASONS)[number];

const dayDone = (percent: number | null, rules: LessonRules) =>
  rules.requireRetake ? isPassed(percent) : percent !== null;

/**
 * Why `day` (1–4) is locked, or null when the student may take it. With `require_3x` every day
 * waits for three read-alongs; with `require_retake` day 2 and 3 wait for the day before to be
 * passed; day 4 waits for days 1–3 (passed, with `require_retake`).
 */
export function lockReason(
  day: number,
  progress: LessonProgress,
  rules: LessonRules,
): LockReason | null {
  if (rules.require3x && progress.readAlongs < READ_ALONGS_REQUIRED) return "read_alongs";
  if (day === 2 || day === 3) {
    const previous = progress.days[(day - 1) as TestDay];
    return rules.requireRetake && !isPassed(previous) ? "previous_day" : null;
  }
  if (day === 4)
    return TEST_DAYS.every((d) => dayDone(progress.days[d], rules)) ? null : "days_1_to_3";
  return null;
}

/** Read-alongs (if required), days 1–3 (passed, if required) and day 4 submitted (if required). */
export function isLessonComplete(progress: LessonProgress, rules: LessonRules): boolean {
  return (
    (!rules.require3x || progress.readAlongs >= READ_ALONGS_REQUIRED) &&
    TEST_DAYS.every((d) => dayDone(progress.days[d], rules)) &&
    (!rules.requireExtension || progress.extension === "submitted")
  );
}

/**
 * Where "continue" takes the student: the first step not done, or `done`. A fresh lesson opens
 * at the read-along even when read-alongs are not required.
 */
export type LessonStep = "read" | TestDay | 4 | "done";

export function nextStep(progress: LessonProgress, rules: LessonRules): LessonStep {
  if (rules.require3x && progress.readAlongs < READ_ALONGS_REQUIRED) return "read";
  // A lesson begins by reading along, required or not, unless the student began elsewhere.
  const untouched = TEST_DAYS.every((d) => progress.days[d] === null);
  if (progress.readAlongs === 0 && untouched && progress.extension === "none") return "read";
  for (const day of TEST_DAYS) if (!dayDone(progress.days[day], rules)) return day;
  // Day 4 stays open to a class that does not require it, but "continue" no longer leads there.
  if (rules.requireExtension && progress.extension !== "submitted") return 4;
  return "done";
}

// ───────────────────────── Time on task ─────────────────────────

/** What a heartbeat counts toward (access spec §3 "School (district page)"). */
export const STUDENT_TIME_KINDS = ["reading", "comprehension", "learning"] as const;
export const TIME_KINDS = [...STUDENT_TIME_KINDS, "teacher_investment"] as const;
export type TimeKind = (typeof TIME_KINDS)[number];

/** The longest a client waits between heartbeats; a claim of more is cut to this. */
export const MAX_HEARTBEAT_SECONDS = 60;

/**
 * The seconds a heartbeat adds. Two tabs send overlapping heartbeats, so only time since the
 * user's previous heartbeat of that kind counts: the same wall-clock second is never credited
 * twice, and no claim counts more than a heartbeat interval.
 */
export function creditedSeconds(claimed: number, now: Date, previous: Date | null): number {
  let seconds = Math.min(Math.max(0, Math.floor(claimed)), MAX_HEARTBEAT_SECONDS);
  if (previous)
    seconds = Math.min(seconds, Math.floor((now.getTime() - previous.getTime()) / 1000));
  return Math.max(0, seconds);
}

/** The school year starts on 1 July (UTC): the one `at` falls in, as a date `YYYY-07-01`. */
export function schoolYearStart(at: Date): string {
  const year = at.getUTCMonth() >= 6 ? at.getUTCFullYear() : at.getUTCFullYear() - 1;
  return `${year}-07-01`;
}
