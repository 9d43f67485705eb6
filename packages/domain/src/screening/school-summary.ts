import { z } from "zod";
import { contract } from "../contract.ts";
import type { Season } from "../reports/orf-norms.ts";
import { reachWindowQuery, screeningCall } from "../screening.ts";
import { idParam } from "../validation.ts";
import type { TierCounts } from "./rules.ts";

/**
 * A school's screening in one window as a PDF for an MTSS meeting (issue 39, "a per-school PDF
 * summary of the window"): the overview's figures for one school, per grade and per class.
 */

export const schoolSummaryCalls = {
  pdf: contract({
    ...screeningCall,
    policy: "admins",
    method: "GET",
    path: "/screening/schools/:schoolId/summary.pdf",
    summary:
      "A school of the admin's reach in a benchmark window, per grade and class, as a PDF to print",
    params: z.object({ schoolId: idParam }),
    // The overview's window: the same year and season it was asked for.
    query: reachWindowQuery,
    file: "application/pdf",
  }),
};

/** The students with a complete score (tiered, or unrated where the norms have no row). */
export const screenedCount = (counts: TierCounts): number =>
  counts.at_or_above + counts.below + counts.well_below + counts.unrated;

/** "2026–27" for the school year that starts in July 2026. */
export const schoolYearLabel = (year: number) => `${year}–${String(year + 1).slice(2)}`;

/** "Lincoln-Elementary-screening-2026-27-winter.pdf". */
export function schoolSummaryFileName(school: string, year: number, season: Season): string {
  const slug = school.replace(/[^\w]+/g, "-").replace(/^-|-$/g, "") || "school";
  return `${slug}-screening-${year}-${String(year + 1).slice(2)}-${season}.pdf`;
}
