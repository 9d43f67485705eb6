import { z } from "zod";
import { contract } from "../contract.ts";
import { dataResponse, defuseFormula, idParam, MAX_ID } from "../validation.ts";
import { FILE_MODES } from "./oneroster.ts";

/**
 * A district's roster import (issue 21): a district admin (or staff, for any district) uploads a
 * OneRoster 1.2 package, reads the preview a job makes of it, and applies it. The calls, the
 * answers and the words the pages show.
 */

/** The largest package taken, and what its files may unpack to (a ZIP bomb stops there). */
export const ROSTER_PACKAGE_LIMITS = {
  uploadBytes: 32 * 1024 * 1024,
  fileBytes: 64 * 1024 * 1024,
  unpackedBytes: 256 * 1024 * 1024,
  files: 40,
} as const;
/** The problems a preview lists; the downloadable report has them all. */
export const PREVIEW_PROBLEMS = 200;
export const PREVIEW_OVERWRITES = 100;

export const IMPORT_STATUSES = [
  "validating",
  "ready",
  "invalid",
  "applying",
  "applied",
  "failed",
  "discarded",
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export type RosterProblemSeverity = "error" | "warning";

const changeCounts = z.object({
  create: z.number(),
  update: z.number(),
  deactivate: z.number(),
  unchanged: z.number(),
});
export type ChangeCounts = z.infer<typeof changeCounts>;
export const ENTITIES = ["schools", "teachers", "classes", "students", "enrollments"] as const;

export const importPreview = z.object({
  files: z.array(
    z.object({ file: z.string(), mode: z.enum(FILE_MODES), rows: z.number(), used: z.boolean() }),
  ),
  /** Files the manifest lists that Refrain passes over (results, resources…). */
  passedOver: z.array(z.string()),
  counts: z.object({
    schools: changeCounts,
    teachers: changeCounts,
    classes: changeCounts,
    students: changeCounts,
    enrollments: changeCounts,
  }),
  schools: z.array(
    z.object({
      sourcedId: z.string(),
      name: z.string(),
      identifier: z.string(),
      schoolId: z.number().nullable(),
      how: z.enum(["sourcedId", "chosen", "identifier", "name", "new"]),
      teachers: z.number(),
      students: z.number(),
    }),
  ),
  overwrites: z.array(
    z.object({
      student: z.string(),
      teacher: z.string(),
      field: z.string(),
      current: z.string(),
      incoming: z.string(),
    }),
  ),
  overwritesTotal: z.number(),
  problemsByFile: z.array(z.object({ file: z.string(), errors: z.number(), warnings: z.number() })),
  /** The admin's choices these counts were made with (none before they choose). */
  choices: z.object({
    schoolMatches: z.record(z.string(), z.number().nullable()),
    levelsFromGrades: z.boolean(),
  }),
});
export type ImportPreview = z.infer<typeof importPreview>;

const problem = z.object({
  severity: z.enum(["error", "warning"]),
  file: z.string(),
  line: z.number().nullable(),
  sourcedId: z.string().nullable(),
  field: z.string().nullable(),
  message: z.string(),
});
export type RosterProblem = z.infer<typeof problem>;

const importSummary = z.object({
  id: z.number(),
  districtId: z.number(),
  districtName: z.string(),
  fileName: z.string(),
  sizeBytes: z.number(),
  status: z.enum(IMPORT_STATUSES),
  errors: z.number(),
  warnings: z.number(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
  progress: z.object({ done: z.number(), total: z.number() }),
  failure: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof importSummary>;

export const importDetail = importSummary.extend({
  preview: importPreview.nullable(),
  /** The first problems, errors first; the report has every one. */
  problems: z.array(problem),
  /** The district's schools, for the admin to match the package's schools to. */
  districtSchools: z.array(z.object({ id: z.number(), name: z.string(), sourced: z.boolean() })),
});
export type ImportDetail = z.infer<typeof importDetail>;

/** Staff name the district; a district admin's is their own. */
export const rosterDistrictQuery = z.object({
  districtId: z.coerce.number().int().min(1).max(MAX_ID).optional(),
});
export const uploadQuery = rosterDistrictQuery.extend({
  fileName: z.string().trim().min(1).max(200).default("roster.zip"),
});

const choices = {
  /** Per school org of the package: an existing school's id, or null for a new school. */
  schoolMatches: z.record(z.string().max(255), z.number().int().min(1).max(MAX_ID).nullable()),
  levelsFromGrades: z.boolean(),
};
/** The admin's choices to count the preview again with. */
export const recountRequest = z.strictObject(choices);
export type RecountInput = z.infer<typeof recountRequest>;
export const applyRequest = z.strictObject({ ...choices, inviteTeachers: z.boolean() });
export type ApplyInput = z.infer<typeof applyRequest>;

export const rosterImportMessages = {
  notZip: "This file is not a ZIP file. Upload the .zip your student information system exported.",
  tooLarge: (mb: number) => `The package is larger than ${mb} MB.`,
  notReady: "This import cannot be applied: it has errors, or it was applied already.",
  busy: "Another import of this district is being applied. Wait until it finishes.",
  schoolElsewhere: "That school is not one of your district's schools.",
  districtRequired: "Choose a district.",
  applied: "The import is being applied.",
  discarded: "The import was discarded.",
} as const;

const detailResponse = dataResponse(importDetail);
const importParams = z.object({ importId: idParam });

export const rosterImportCalls = {
  list: contract({
    tag: "admin",
    policy: "rosterImporters",
    method: "GET",
    path: "/district_admin/roster/imports",
    summary: "The district's roster imports, newest first (staff: of the district named)",
    query: rosterDistrictQuery,
    response: dataResponse(
      z.object({
        imports: z.array(importSummary),
        /** Staff pick the district; a district admin sees only their own. */
        districts: z.array(z.object({ id: z.number(), name: z.string() })),
        districtId: z.number().nullable(),
      }),
    ),
  }),
  upload: contract({
    tag: "admin",
    policy: "rosterImporters",
    method: "POST",
    path: "/district_admin/roster/imports",
    summary: "Upload a OneRoster 1.2 package (the ZIP as the body, application/zip) to preview",
    query: uploadQuery,
    response: detailResponse,
  }),
  detail: contract({
    tag: "admin",
    policy: "rosterImporters",
    method: "GET",
    path: "/district_admin/roster/imports/:importId",
    summary: "An import's status, preview, first problems and progress",
    params: importParams,
    response: detailResponse,
  }),
  recount: contract({
    tag: "admin",
    policy: "rosterImporters",
    method: "POST",
    path: "/district_admin/roster/imports/:importId/preview",
    summary: "Count a ready import's preview again with the admin's school matches and levels",
    params: importParams,
    body: recountRequest,
    response: detailResponse,
  }),
  apply: contract({
    tag: "admin",
    policy: "rosterImporters",
    method: "POST",
    path: "/district_admin/roster/imports/:importId/apply",
    summary: "Apply a validated import, one school per transaction",
    params: importParams,
    body: applyRequest,
    response: detailResponse,
  }),
  discard: contract({
    tag: "admin",
    policy: "rosterImporters",
    method: "POST",
    path: "/district_admin/roster/imports/:importId/discard",
    summary: "Discard an import that was not applied, and its package",
    params: importParams,
    response: detailResponse,
  }),
  problems: contract({
    tag: "admin",
    policy: "rosterImporters",
    method: "GET",
    path: "/district_admin/roster/imports/:importId/problems.csv",
    summary: "Every problem of an import as a CSV report",
    params: importParams,
    file: "text/csv",
  }),
  sample: contract({
    tag: "admin",
    policy: "rosterImporters",
    method: "GET",
    path: "/district_admin/roster/sample/:variant",
    summary: "A sample OneRoster 1.2 package of a fictional district, valid or with errors",
    params: z.object({ variant: z.enum(["valid", "errors"]) }),
    file: "application/zip",
  }),
};

/**
 * A CSV cell a spreadsheet shows as text: quoted when it must be (RFC 4180), and a value that
 * starts like a formula (=, +, -, @, tab, CR) gets a leading apostrophe, so it is never run
 * (OWASP's CSV injection advice).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  const text = typeof value === "string" ? defuseFormula(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
export const csvLine = (cells: readonly (string | number | null)[]) =>
  `${cells.map(csvCell).join(",")}\r\n`;
