import { z } from "zod";
import { contract } from "../contract.ts";
import { EXPORT_STATUSES } from "../privacy/export.ts";
import { schoolYear, screeningCall } from "../screening.ts";
import { dataResponse, idParam } from "../validation.ts";

/**
 * A district's screening data (issue 39, decision 0037): one CSV of a school year, made by a job
 * whose progress the Screening page shows, then downloaded; the district keeps its newest file.
 */

/** The columns of a district's screening export, one row per window read or monitoring point. */
export const EXPORT_COLUMNS = [
  "school_sourced_id",
  "school_id",
  "school",
  "student_sourced_id",
  "student_id",
  "username",
  "last_name",
  "first_name",
  "grade",
  "kind",
  "window",
  "date",
  "passage_1_wcpm",
  "passage_2_wcpm",
  "passage_3_wcpm",
  "median_wcpm",
  "accuracy",
  "tier",
  "percentile",
  "confirmed_by",
] as const;

/** The export's file name for a school year. */
export const exportFileName = (year: number) => `screening-${year}-${year + 1}.csv`;

/** One export as the page shows it: its progress in schools, then its file. */
export const districtExport = z.object({
  id: z.number(),
  year: z.number(),
  status: z.enum(EXPORT_STATUSES),
  schoolsDone: z.number(),
  schoolsTotal: z.number(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Who asked for it, by name. */
  requestedBy: z.string(),
});
export type DistrictExport = z.infer<typeof districtExport>;

export const districtExportsAnswer = z.object({
  /** The newest export asked for: its progress while it is made, or how it ended. */
  latest: districtExport.nullable(),
  /** The district's finished file, to download: the latest, or the one before it. */
  ready: districtExport.nullable(),
});
export type DistrictExports = z.infer<typeof districtExportsAnswer>;

export const districtExportMessages = {
  started: "The export has started.",
  alreadyRunning: "An export is already being made: it is shown below.",
  failed: "The export could not be made.",
} as const;

export const screeningExportCalls = {
  start: contract({
    ...screeningCall,
    policy: "districtAdmins",
    method: "POST",
    path: "/screening/exports",
    summary:
      "Start the CSV of every benchmark and monitoring score of a school year in the caller's district (a job)",
    body: z.strictObject({ year: schoolYear }),
    response: z.object({ success: z.literal(true), message: z.string(), data: districtExport }),
  }),
  latest: contract({
    ...screeningCall,
    policy: "districtAdmins",
    method: "GET",
    path: "/screening/exports",
    summary: "The district's newest export with its progress, and its finished file",
    response: dataResponse(districtExportsAnswer),
  }),
  file: contract({
    ...screeningCall,
    policy: "districtAdmins",
    method: "GET",
    path: "/screening/exports/:exportId/file",
    summary: "Download a finished export of the caller's district, as CSV",
    params: z.object({ exportId: idParam }),
    file: "text/csv",
  }),
};
