import { z } from "zod";
import { type Contract, verbs } from "../contract.ts";
import { dayPercent, overallPercent, TEST_DAYS, type TestDay } from "../learning/progress.ts";
import { EXTENSION_DAY } from "../lessons.ts";
import { dataResponse, idParam, keysOf, recordId } from "../validation.ts";

/**
 * The detailed student report (grading spec §2 "Detailed student report", §3 "Lesson score
 * row", §7; classroom spec "Detailed student report score tables"). Pure: the server loads the
 * records, these shape and judge them.
 */

/**
 * What the report's `type` names: the lesson list, the only one the spec's screen loads. It is
 * kept (and defaults) so that a later table kind is a new value, not a new call.
 */
export const DETAILED_REPORT_TYPES = ["lessons"] as const;

/**
 * The three tables a lesson falls into, each lesson in exactly one: Completed (the completion
 * rule met), Assigned (the teacher assigned it and it is not complete, started or not) and
 * Incompleted (the student started it on their own and has not completed it).
 */
export const REPORT_TABLE_TITLES = {
  completed: "Completed Lesson Performance",
  assigned: "Assigned Lesson Performance",
  incompleted: "Incompleted Lesson Performance",
};
export const REPORT_TABLES = keysOf(REPORT_TABLE_TITLES);
export type ReportTable = (typeof REPORT_TABLES)[number];

/** Day 1–3 reset the exam day; day 4 the extension (grading spec §9). */
export const RESET_DAYS = [1, 2, 3, EXTENSION_DAY] as const;

export const detailedReportMessages = {
  day: "Choose day 1, 2, 3 or 4 (the extension).",
  reset: "The scores were reset.",
  resetOverall: "The scores of every lesson were reset.",
} as const;

/** A lesson's table from its assignment (null: worked in without one, e.g. unassigned since). */
export function reportTableOf(
  assignment: {
    status: "assigned" | "started" | "completed";
    assignedBy: "teacher" | "auto";
  } | null,
): ReportTable {
  if (assignment?.status === "completed") return "completed";
  return assignment?.assignedBy === "teacher" ? "assigned" : "incompleted";
}

/**
 * Whether a completed lesson stays complete once parts of it are reset. A reset day 1–3 has no
 * score left, so the completion rule (learning/progress.ts `isLessonComplete`) fails; a reopened
 * day 4 answer fails it only when the class requires the extension. The assignment then goes
 * back from completed to started.
 */
export function staysCompleteAfterReset(
  cleared: { days: boolean; extension: boolean },
  requireExtension: boolean,
): boolean {
  return !cleared.days && !(cleared.extension && requireExtension);
}

/** A day's latest attempt (the one that counts), as stored. */
export interface LatestAttempt {
  day: number;
  correct: number;
  solved: number;
  at: Date;
}

/** What a lesson's row is made from. */
export interface ScoreFacts {
  id: number;
  title: string;
  table: ReportTable;
  attempts: readonly LatestAttempt[];
  /** The handed-in day 4 answer, or null when none is. */
  extension: { points: number | null; submittedAt: Date } | null;
}

const dayScore = z.object({
  day: z.number(),
  /** The latest attempt's time (ISO 8601), or null before the day is taken. */
  date: z.string().nullable(),
  correct: z.number().nullable(),
  solved: z.number().nullable(),
  /** correct/solved rounded; null when not taken or nothing was solved. */
  percent: z.number().nullable(),
});

export const lessonScoreRow = z.object({
  id: z.number(),
  title: z.string(),
  table: z.enum(REPORT_TABLES),
  scores: z.object({
    /** Days 1, 2 and 3, always three, in order. */
    days: z.array(dayScore),
    /** The latest of the days' dates and the extension's hand-in, or null. */
    most_recent_date: z.string().nullable(),
    extension: z.object({
      /** Handed in: day 4 can be reset. */
      submitted: z.boolean(),
      /** The teacher's rubric score 1–3, or null while unscored. */
      points: z.number().nullable(),
    }),
  }),
  /** The average of the three day percents, once all three exist. */
  overall: z.number().nullable(),
});
export type LessonScoreRow = z.infer<typeof lessonScoreRow>;

/** One lesson's row: each day's latest attempt, its percent, the overall and the latest date. */
export function lessonScoreRowOf(facts: ScoreFacts): LessonScoreRow {
  let latest: Date | null = facts.extension?.submittedAt ?? null;
  const days = TEST_DAYS.map((day: TestDay) => {
    const a = facts.attempts.find((t) => t.day === day);
    if (!a) return { day, date: null, correct: null, solved: null, percent: null };
    if (!latest || a.at > latest) latest = a.at;
    const percent = dayPercent(a.correct, a.solved);
    return { day, date: a.at.toISOString(), correct: a.correct, solved: a.solved, percent };
  });
  return {
    id: facts.id,
    title: facts.title,
    table: facts.table,
    scores: {
      days,
      most_recent_date: (latest as Date | null)?.toISOString() ?? null,
      extension: { submitted: facts.extension !== null, points: facts.extension?.points ?? null },
    },
    overall: overallPercent(days.map((d) => d.percent)),
  };
}

/** The three tables, each newest work first (a lesson not worked in yet last), then by title. */
export function reportTables(
  rows: readonly LessonScoreRow[],
): Record<ReportTable, LessonScoreRow[]> {
  const sorted = [...rows].sort(
    (a, b) =>
      (b.scores.most_recent_date ?? "").localeCompare(a.scores.most_recent_date ?? "") ||
      a.title.localeCompare(b.title),
  );
  return {
    completed: sorted.filter((r) => r.table === "completed"),
    assigned: sorted.filter((r) => r.table === "assigned"),
    incompleted: sorted.filter((r) => r.table === "incompleted"),
  };
}

// ───────────────────────── Calls ─────────────────────────

const reportType = z.enum(DETAILED_REPORT_TYPES).default("lessons");

export const detailedReport = z.object({
  student: z.object({ id: z.number(), fullname: z.string() }),
  type: z.enum(DETAILED_REPORT_TYPES),
  completed: z.array(lessonScoreRow),
  assigned: z.array(lessonScoreRow),
  incompleted: z.array(lessonScoreRow),
});
export type DetailedReport = z.infer<typeof detailedReport>;

/** What a reset cleared: lessons touched, exam attempts removed, day 4 answers reopened. */
export const resetCounts = z.object({
  lessons: z.number(),
  attempts: z.number(),
  extensions: z.number(),
});
export type ResetCounts = z.infer<typeof resetCounts>;

const viewAnswer = dataResponse(detailedReport);
const resetAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  cleared: resetCounts,
  data: detailedReport,
});

export const detailedReportCalls = {
  /** Grading spec §7 `POST /teacher/reports/detailed/{student_id}/data`. */
  data: verbs(
    {
      method: "POST",
      path: "/teacher/reports/detailed/:student_id/data",
      tag: "reports",
      policy: "classOwners",
      params: z.object({ student_id: idParam }),
    },
    {
      view: {
        summary: "A student's lessons in the Completed, Assigned and Incompleted tables",
        body: z.object({ verb: z.literal("view"), type: reportType }),
        response: viewAnswer,
      },
      reset: {
        summary:
          "Reset one day of a lesson (1–3: its exam attempts; 4: the handed-in extension) so it is taken anew",
        body: z.object({
          verb: z.literal("reset"),
          type: reportType,
          lesson_id: recordId(),
          day: z.union(
            RESET_DAYS.map((d) => z.literal(d)),
            { error: detailedReportMessages.day },
          ),
        }),
        response: resetAnswer,
      },
      reset_overall: {
        summary: "Reset every lesson's scores of the student",
        body: z.object({ verb: z.literal("reset_overall"), type: reportType }),
        response: resetAnswer,
      },
    },
  ),
} satisfies Record<string, Record<string, Contract>>;
