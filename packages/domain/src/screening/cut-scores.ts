import { z } from "zod";
import { contract } from "../contract.ts";
import { SEASONS } from "../reports/orf-norms.ts";
import { SCREENED_GRADES, screeningCall } from "../screening.ts";
import { dataResponse } from "../validation.ts";

/**
 * A district's own cut scores (issue 39, docs/decisions/0037): per grade and season, replacing
 * the norms' for its students' tiers. The calls and schemas; screening.ts holds the rest.
 */

export const cutScoreMessages = {
  score: "Enter a whole number of words correct per minute from 0 to 300.",
  order: "The well-below score must be under the benchmark score.",
  duplicate: "This grade and season are already in the table.",
  saved: "Cut scores saved",
  cleared: "The norms' cut scores are in use again",
  file: "Choose a CSV file with the columns grade, season, benchmark and well_below.",
} as const;

const wcpmCut = z
  .number({ error: cutScoreMessages.score })
  .int(cutScoreMessages.score)
  .min(0, cutScoreMessages.score)
  .max(300, cutScoreMessages.score);

const cutScoreRow = z
  .object({
    grade: z
      .number({ error: "Choose a grade from 1 to 5." })
      .int("Choose a grade from 1 to 5.")
      .min(1, "Choose a grade from 1 to 5.")
      .max(5, "Choose a grade from 1 to 5."),
    season: z.enum(SEASONS, { error: "Choose fall, winter or spring." }),
    /** The lowest score at or above benchmark. */
    benchmark: wcpmCut,
    /** The highest score well below benchmark. */
    wellBelow: wcpmCut,
  })
  .refine((row) => row.wellBelow < row.benchmark, {
    message: cutScoreMessages.order,
    path: ["wellBelow"],
  });
export type CutScoreRow = z.infer<typeof cutScoreRow>;

/**
 * A district's table: any of the 15 grade-and-season rows, each at most once; a grade and
 * season left out keeps the norms' cuts. An empty table goes back to the norms entirely.
 */
export const cutScoresBody = z
  .strictObject({ rows: z.array(cutScoreRow).max(SCREENED_GRADES.length * SEASONS.length) })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.rows.forEach((row, i) => {
      const key = `${row.grade} ${row.season}`;
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          path: ["rows", i, "season"],
          message: cutScoreMessages.duplicate,
        });
      seen.add(key);
    });
  });
export type CutScoresInput = z.infer<typeof cutScoresBody>;

const cutScoresAnswer = z.object({
  rows: z.array(
    z.object({
      grade: z.number(),
      season: z.enum(SEASONS),
      benchmark: z.number(),
      wellBelow: z.number(),
    }),
  ),
  /** The norms' cuts for every grade and season, to show beside (null where there are none). */
  norms: z.array(
    z.object({
      grade: z.number(),
      season: z.enum(SEASONS),
      benchmark: z.number().nullable(),
      wellBelow: z.number().nullable(),
    }),
  ),
});
export type CutScoreTable = z.infer<typeof cutScoresAnswer>;

/**
 * A cut-score table from a CSV file as a district keeps it: a header row naming the columns
 * grade, season, benchmark and well_below (any order, any case), then one row per grade and
 * season. Returns the rows as typed, for the form to check and show; null when the header is
 * not there.
 */
export function parseCutScoreCsv(text: string): Record<keyof CutScoreRow, unknown>[] | null {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .map((line) => line.split(",").map((cell) => cell.trim().replace(/^"(.*)"$/, "$1")))
    .filter((cells) => cells.some((cell) => cell !== ""));
  const header = (lines[0] ?? []).map((cell) => cell.toLowerCase().replace(/[\s-]+/g, "_"));
  const at = {
    grade: header.indexOf("grade"),
    season: header.indexOf("season"),
    benchmark: header.indexOf("benchmark"),
    wellBelow: header.indexOf("well_below"),
  };
  if (Object.values(at).some((i) => i < 0)) return null;
  const number = (cell: string | undefined) =>
    cell !== undefined && /^\d+$/.test(cell) ? Number(cell) : cell;
  return lines.slice(1).map((cells) => ({
    grade: number(cells[at.grade]),
    season: (cells[at.season] ?? "").toLowerCase(),
    benchmark: number(cells[at.benchmark]),
    wellBelow: number(cells[at.wellBelow]),
  }));
}

export const cutScoreCalls = {
  get: contract({
    ...screeningCall,
    policy: "districtAdmins",
    method: "GET",
    path: "/screening/cut-scores",
    summary: "The district's own cut scores per grade and season, beside the norms'",
    response: dataResponse(cutScoresAnswer),
  }),
  save: contract({
    ...screeningCall,
    policy: "districtAdmins",
    method: "POST",
    path: "/screening/cut-scores",
    summary: "Replace the district's cut scores (an empty table goes back to the norms')",
    body: cutScoresBody,
    response: z.object({ success: z.literal(true), data: cutScoresAnswer, message: z.string() }),
  }),
};
