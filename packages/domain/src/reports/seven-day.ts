import { z } from "zod";
import { type Contract, contract } from "../contract.ts";
import { dayPercent, TEST_DAYS } from "../learning/progress.ts";
import { dataResponse, MAX_ID, NOT_FOUND_ISSUE } from "../validation.ts";
import { withDateRange } from "./dates.ts";
import { resetCounts } from "./detailed.ts";

/**
 * The seven day progress table (grading spec §2 "Seven day progress table", §3 "Seven-day
 * row"): one row per student of what they did in a date range (the page's default is the last
 * 7 days). Pure: the server loads the records in the range, these add them up.
 *
 * - titles: the lessons worked in the range, as the class summary's Stories and the weekly
 *   report count them: an exam attempt, a read-along, a day 4 answer (a draft saved or a
 *   hand-in) or a reading recorded;
 * - days_completed: the exam days (lesson and day 1–3) taken in the range, plus the day 4
 *   answers handed in;
 * - avg_wpm, avg_lexile: the average words per minute and Lexile of those lessons;
 * - avg_scores: for day 1, 2 and 3, the average percent of the lessons' latest attempt in the
 *   range;
 * - extensions: the lessons whose day 4 answer was handed in, by lesson id (the review page
 *   opens by lesson and student).
 */

/** A report over one student, or `overall`: every student of the class. */
export const OVERALL = "overall";

/** `:student_id` of a report path: a student's id or `overall`; anything else names nothing (404). */
export const studentOrOverall = z.string().transform((value, ctx): number | typeof OVERALL => {
  if (value === OVERALL) return OVERALL;
  const id = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (id >= 1 && id <= MAX_ID) return id;
  ctx.addIssue({ code: "custom", message: "Not found", params: NOT_FOUND_ISSUE });
  return z.NEVER;
});

export interface SevenDayLesson {
  id: number;
  title: string;
  wordsPerMinute: number;
  lexile: number;
}

/** One student's records in the range. */
export interface SevenDayFacts {
  student: { id: number; fullname: string };
  /** Each lesson worked in the range (any record of work, drafts and recordings too), once. */
  lessons: readonly SevenDayLesson[];
  /** Per lesson and day, the latest attempt made in the range. */
  attempts: readonly { lessonId: number; day: number; correct: number; solved: number }[];
  /** The lessons whose day 4 answer was handed in in the range. */
  extensions: readonly number[];
}

export const sevenDayRow = z.object({
  student_id: z.number(),
  fullname: z.string(),
  titles: z.array(z.string()),
  days_completed: z.number(),
  avg_wpm: z.number().nullable(),
  avg_lexile: z.number().nullable(),
  /** Days 1, 2 and 3; null for a day not taken in the range. */
  avg_scores: z.array(z.number().nullable()),
  extensions: z.array(z.object({ id: z.number(), title: z.string() })),
});
export type SevenDayRow = z.infer<typeof sevenDayRow>;

const average = (values: readonly number[]) =>
  values.length === 0 ? null : Math.round(values.reduce((s, v) => s + v, 0) / values.length);

export function sevenDayRowOf(f: SevenDayFacts): SevenDayRow {
  const titleOf = new Map(f.lessons.map((l) => [l.id, l.title]));
  const sorted = [...f.lessons].sort((a, b) => a.title.localeCompare(b.title));
  return {
    student_id: f.student.id,
    fullname: f.student.fullname,
    titles: sorted.map((l) => l.title),
    days_completed: f.attempts.length + f.extensions.length,
    avg_wpm: average(f.lessons.map((l) => l.wordsPerMinute)),
    avg_lexile: average(f.lessons.map((l) => l.lexile)),
    avg_scores: TEST_DAYS.map((day) =>
      average(
        f.attempts
          .filter((a) => a.day === day)
          .map((a) => dayPercent(a.correct, a.solved))
          .filter((p): p is number => p !== null),
      ),
    ),
    extensions: f.extensions.map((id) => ({ id, title: titleOf.get(id) ?? "" })),
  };
}

// ───────────────────────── Calls ─────────────────────────

const params = z.object({ student_id: studentOrOverall });
const range = withDateRange({});

export const sevenDayMessages = {
  reset: "The scores of the lessons worked in these dates were reset.",
} as const;

export const sevenDayReportCalls = {
  /** Grading spec §7 `GET /teacher/reports/seven_day/{student_id}/rows`. */
  rows: contract({
    method: "GET",
    path: "/teacher/reports/seven_day/:student_id/rows",
    tag: "reports",
    summary: "One row per student (or the one student) of their work in the date range",
    policy: "classOwners",
    params,
    query: range,
    response: dataResponse(z.array(sevenDayRow)),
  }),
  /**
   * The table's reset-all: every score (days 1–4) of each lesson with an exam attempt, a day 4
   * hand-in or a read-along in the range is reset, for the student or, with `overall`, for
   * every student of the class; recordings and fluency grades stay. A lesson listed only for a
   * draft or a recording in the range keeps its scores. Answers with the fresh rows.
   */
  resetAll: contract({
    method: "POST",
    path: "/teacher/reports/seven_day/:student_id/reset_all",
    tag: "reports",
    summary: "Reset the scores of the lessons worked in the date range",
    policy: "classOwners",
    params,
    body: range,
    response: z.object({
      success: z.literal(true),
      message: z.string(),
      cleared: resetCounts,
      data: z.array(sevenDayRow),
    }),
  }),
} satisfies Record<string, Contract>;

/** The instants a range covers: from its first day's midnight (UTC) up to the day after its last. */
export function rangeBounds(range: { start_date: string; end_date: string }) {
  const before = new Date(`${range.end_date}T00:00:00Z`);
  before.setUTCDate(before.getUTCDate() + 1);
  return { from: new Date(`${range.start_date}T00:00:00Z`), before };
}
