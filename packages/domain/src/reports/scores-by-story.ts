import { z } from "zod";
import { contract } from "../contract.ts";
import { dataResponse } from "../validation.ts";
import { withDateRange } from "./dates.ts";
import { dayPercents } from "./graphs.ts";

/**
 * Scores by Story (classroom spec teacher menu "Class Scores and Data"; issue 12 item 10): one
 * row per lesson the class worked in the range, each figure over the students who worked it.
 * Day percents are each student's latest attempt in the range (decision 0013), as everywhere.
 */

export const storyScoreRow = z.object({
  lesson_id: z.number(),
  title: z.string(),
  /** Students with any work on the lesson in the range: an attempt or a handed-in extension. */
  students: z.number(),
  /**
   * Of them, those whose lesson is complete by the range's end: the completion rule met (the
   * student's read-alongs, passed days and day 4 as their class asks), the Detailed report's
   * Completed table. Taking days 1–3 alone does not complete a lesson whose class requires day 4.
   */
  completed: z.number(),
  ...dayPercents,
  /** Average overall percent over the students who completed the three days. */
  overall: z.number().nullable(),
  /** Average rubric points (1–3) of the scored extension answers, one decimal; null if none. */
  extension: z.number().nullable(),
  /** How many extension answers were scored. */
  extension_scored: z.number(),
});
export type StoryScoreRow = z.infer<typeof storyScoreRow>;

export const scoresByStoryCalls = {
  rows: contract({
    method: "GET",
    path: "/teacher/reports/scores_by_story",
    tag: "reports",
    summary: "Per lesson the class worked in a date range: students, completions, average scores",
    policy: "classOwners",
    query: withDateRange({}),
    response: dataResponse(z.array(storyScoreRow)),
  }),
} as const;

/** How the table sorts: by title A–Z, or by average overall, best first (no average last). */
export type StorySort = "title" | "overall";

export function sortStoryRows(rows: readonly StoryScoreRow[], by: StorySort): StoryScoreRow[] {
  return [...rows].sort((a, b) =>
    by === "title"
      ? a.title.localeCompare(b.title)
      : (b.overall ?? -1) - (a.overall ?? -1) || a.title.localeCompare(b.title),
  );
}
