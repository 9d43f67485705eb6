import { z } from "zod";
import { contract } from "../contract.ts";
import { type GoalStatus, statusAgainst, targetWcpm } from "../reports/goals.ts";
import { dataResponse, idParam } from "../validation.ts";
import { PARENT_CATALOGS } from "./i18n.ts";

/**
 * The weekly progress report (issue 16 part 3; docs/decisions/0023-weekly-report.md): which week
 * a report covers, what counts as a week with activity, and how a graded reading compares with
 * the student's goal. Pure: the server loads the week, these decide.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The Monday (UTC) of the week holding `at`, as YYYY-MM-DD: the key of `weekly_reports`. UTC
 * rather than the school's zone, so every worker names the same week whatever its clock's zone;
 * the job runs on Friday afternoon UTC, far from either end of the week anywhere in the Americas.
 */
export function weekStartOf(at: Date): string {
  const day = at.getUTCDay(); // 0 = Sunday
  const back = (day + 6) % 7; // days since Monday
  const monday = new Date(
    Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) - back * DAY_MS,
  );
  return monday.toISOString().slice(0, 10);
}

/**
 * The instants a report of the week starting `weekStart` reads between: from Monday 00:00 UTC to
 * `now` (the report tells the week so far), but never past the next Monday, so a job run late
 * still reports only its own week.
 */
export function weekRange(weekStart: string, now: Date): { start: Date; end: Date } {
  const start = new Date(`${weekStart}T00:00:00Z`);
  const nextMonday = new Date(start.getTime() + 7 * DAY_MS);
  return { start, end: now < nextMonday ? now : nextMonday };
}

/** The week's last day (Sunday), YYYY-MM-DD: the end of the dates the mail names. */
export function weekLastDay(weekStart: string): string {
  return new Date(new Date(`${weekStart}T00:00:00Z`).getTime() + 6 * DAY_MS)
    .toISOString()
    .slice(0, 10);
}

/** What a student did in a week, counted. */
export interface WeekActivity {
  /** Lessons with any record of work (read-along, quiz, day 4, recording) in the week. */
  lessonsWorked: number;
  lessonsCompleted: number;
  readAlongs: number;
  quizzes: number;
  recordings: number;
  /** Time on task (reading, comprehension, learning) in seconds. */
  seconds: number;
}

/** Time on task below a whole minute is a page left open, not practice. */
export const MIN_PRACTICE_SECONDS = 60;

/**
 * Whether the week had activity: any record of work, or a minute or more on task. A week
 * without is reported by a short encouragement instead (decision 0023).
 */
export function hasActivity(week: WeekActivity): boolean {
  return (
    week.lessonsWorked > 0 ||
    week.lessonsCompleted > 0 ||
    week.readAlongs > 0 ||
    week.quizzes > 0 ||
    week.recordings > 0 ||
    week.seconds >= MIN_PRACTICE_SECONDS
  );
}

/** Minutes the report shows for `seconds` on task: whole minutes, rounded down. */
export const practiceMinutes = (seconds: number): number => Math.floor(seconds / 60);

/**
 * A graded reading's words correct per minute against the student's goal for the time of year
 * (the 50th percentile of the published norms, decision 0018), or null where no norm exists
 * (Kindergarten, first grade in the fall): the report then gives the figure without a goal.
 */
export function readingAgainstGoal(
  grade: number,
  wcpm: number,
  at: Date,
): { status: Exclude<GoalStatus, "none">; target: number } | null {
  const target = targetWcpm(grade, at);
  return target === null ? null : { status: statusAgainst(wcpm, target), target };
}

/**
 * The languages, read off the catalogs rather than imported from families.ts, which re-exports
 * the families files: a value imported back from it would not exist yet while this one loads.
 */
const languages = Object.keys(PARENT_CATALOGS) as [keyof typeof PARENT_CATALOGS];

export const weeklyReportCalls = {
  /** The Email Parents page's live preview: the real report of this week, as the parent gets it. */
  preview: contract({
    tag: "families",
    policy: "classOwners",
    method: "GET",
    path: "/teacher/students/parents/preview/:studentId",
    summary: "This week's weekly report of one of the class's students, rendered as it is mailed",
    params: z.object({ studentId: idParam }),
    response: dataResponse(
      z.object({ subject: z.string(), html: z.string(), language: z.enum(languages) }),
    ),
  }),
};
