import { z } from "zod";
import { contract } from "../contract.ts";
import { dataResponse, idParam } from "../validation.ts";
import { withDateRange } from "./dates.ts";
import { lessonScoreRow } from "./detailed.ts";
import { GOAL_STATUSES, type GoalStatus, SUPPORT_GAP_WCPM } from "./goals.ts";
import type { BenchmarkRow, ColdHotRow, GraphType } from "./graphs.ts";
import { SEASONS } from "./orf-norms.ts";

/**
 * One student's report for a date range (issue 12 items 7 and 10): what the PDF report prints
 * and the Conference Reports page shows. The figures come from the same graph answers the
 * charts draw (graphs.ts), so a page, its charts and its PDF never disagree.
 */

/** The graphs a student's report holds, in the order they are drawn (§4: the expected count). */
export const STUDENT_REPORT_GRAPHS = [
  "fluency_benchmark",
  "fluency_cold_hot",
  "quiz_complete",
] as const satisfies readonly GraphType[];

/** What each goal status means (decision 0018), written on the report beside the status. */
export const GOAL_STATUS_MEANINGS: Record<GoalStatus, string> = {
  met: "At or above the 50th percentile of words correct per minute for the student's grade and season.",
  approaching: `Within ${SUPPORT_GAP_WCPM - 1} words correct per minute under the 50th percentile: close to the goal.`,
  below: `${SUPPORT_GAP_WCPM} or more words correct per minute under the 50th percentile: the norms' compilers suggest fluency support may be needed.`,
  none: "No goal yet: no graded benchmark reading in the range, or no norm for the grade and season (Kindergarten, first grade in the fall).",
};

const coldHotFigure = z.object({
  lesson: z.string(),
  date: z.string(),
  /** Correct words per minute. */
  wpm: z.number(),
  accuracy: z.number().nullable(),
});
export type ColdHotFigure = z.infer<typeof coldHotFigure>;

export const fluencyFigures = z.object({
  cold: coldHotFigure.nullable(),
  hot: coldHotFigure.nullable(),
  benchmark: z
    .object({
      date: z.string(),
      wpm: z.number(),
      expression: z.number(),
      target: z.number().nullable(),
    })
    .nullable(),
});
export type FluencyFigures = z.infer<typeof fluencyFigures>;

/** The latest read of a kind among the cold/hot graph's lessons (oldest first), or null. */
function latestRead(rows: readonly ColdHotRow[], kind: "cold" | "hot"): ColdHotFigure | null {
  const row = rows.findLast((r) => r[`${kind}_wpm`] !== null);
  if (!row) return null;
  return {
    lesson: row.lesson,
    date: row.date,
    wpm: row[`${kind}_wpm`] as number,
    accuracy: row[`${kind}_accuracy`],
  };
}

/** The latest cold, hot and benchmark figures from the graphs' rows (each oldest first). */
export function fluencyFiguresOf(
  benchmark: readonly BenchmarkRow[],
  coldHot: readonly ColdHotRow[],
): FluencyFigures {
  const last = benchmark.at(-1);
  return {
    cold: latestRead(coldHot, "cold"),
    hot: latestRead(coldHot, "hot"),
    benchmark: last
      ? { date: last.date, wpm: last.wpm, expression: last.expression, target: last.target }
      : null,
  };
}

export const studentReport = z.object({
  student: z.object({
    id: z.number(),
    name: z.string(),
    /** The reading level's grade, "3rd Grade". */
    grade: z.string(),
    /** The class: its teacher's name. */
    teacher: z.string(),
  }),
  start_date: z.string(),
  end_date: z.string(),
  goal: z.object({
    status: z.enum(GOAL_STATUSES),
    wcpm: z.number().nullable(),
    target: z.number().nullable(),
    season: z.enum(SEASONS).nullable(),
    readings: z.number(),
  }),
  /** The lessons worked in the range (a day taken or an extension handed in), newest first. */
  lessons: z.array(lessonScoreRow),
  figures: fluencyFigures,
});
export type StudentReport = z.infer<typeof studentReport>;

const studentParams = z.object({ student_id: idParam });

export const reportPdfCalls = {
  conference: contract({
    method: "GET",
    path: "/teacher/reports/conference/:student_id",
    tag: "reports",
    summary:
      "A student's conference summary for a date range: goal, lesson scores, fluency figures",
    policy: "classOwners",
    params: studentParams,
    query: withDateRange({}),
    response: dataResponse(studentReport),
  }),
  /**
   * Grading spec §7 "POST to the pdf url": the form's fields (the security token is the CSRF
   * token every changing call sends). `media` and `download` take only the values the report's
   * button posts, so a PDF is always answered as a download.
   */
  pdf: contract({
    method: "POST",
    path: "/teacher/reports/pdf/:student_id",
    tag: "reports",
    summary: "A student's report as a PDF: goal status, lesson scores, fluency figures and charts",
    policy: "classOwners",
    params: studentParams,
    body: withDateRange({
      media: z.literal("pdf", { error: "Choose media=pdf." }).default("pdf"),
      download: z.literal(true, { error: "Send download=true." }).default(true),
    }),
    file: "application/pdf",
  }),
} as const;
