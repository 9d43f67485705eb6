import type {
  ApplyInput,
  ImportPreview,
  ImportStatus,
  RosterProblemSeverity,
} from "@refrain/domain";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { cascadingRef, createdAt, nullingRef, timestamptz } from "./columns.ts";
import { districts, users } from "./core.ts";

/**
 * A district's roster as its last applied import left it (issue 21): every active record of
 * every OneRoster file by its `sourcedId`, so a delta package changes it row by row and the
 * accounts are derived from the whole.
 */
export const rosterRecords = pgTable(
  "roster_records",
  {
    districtId: cascadingRef("district_id", () => districts.id),
    /** The OneRoster file's name without .csv: orgs, users, roles, classes, enrollments… */
    kind: text("kind").notNull(),
    sourcedId: text("sourced_id").notNull(),
    record: jsonb("record").notNull(),
  },
  (t) => [primaryKey({ columns: [t.districtId, t.kind, t.sourcedId] })],
);

/** One uploaded OneRoster package: validated into a preview, then applied or left. */
export const rosterImports = pgTable(
  "roster_imports",
  {
    id: serial("id").primaryKey(),
    districtId: cascadingRef("district_id", () => districts.id),
    uploadedBy: nullingRef("uploaded_by", () => users.id),
    fileName: text("file_name").notNull(),
    /** Where the package waits in the app's file storage until it is applied or discarded. */
    fileKey: text("file_key").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    status: text("status").$type<ImportStatus>().notNull().default("validating"),
    preview: jsonb("preview").$type<ImportPreview>(),
    errors: integer("errors").notNull().default(0),
    warnings: integer("warnings").notNull().default(0),
    /** Records written so far and in all, while it is applied. */
    progressDone: integer("progress_done").notNull().default(0),
    progressTotal: integer("progress_total").notNull().default(0),
    /** The admin's choices when they applied it: school matches, levels, invitations. */
    options: jsonb("options").$type<ApplyInput>(),
    /** Why validation or the apply stopped, in words for the admin. */
    failure: text("failure"),
    appliedBy: nullingRef("applied_by", () => users.id),
    createdAt: createdAt(),
    validatedAt: timestamptz("validated_at"),
    appliedAt: timestamptz("applied_at"),
  },
  (t) => [index("roster_imports_district_idx").on(t.districtId, sql`${t.id} desc`)],
);

/** What validation found wrong (errors stop the apply) or worth telling (warnings). */
export const rosterImportProblems = pgTable(
  "roster_import_problems",
  {
    id: serial("id").primaryKey(),
    importId: cascadingRef("import_id", () => rosterImports.id),
    severity: text("severity").$type<RosterProblemSeverity>().notNull(),
    /** The file, e.g. users.csv, or "package" for the ZIP itself. */
    file: text("file").notNull(),
    /** The line of the file (the header is line 1), when the problem is a row's. */
    line: integer("line"),
    sourcedId: text("sourced_id"),
    field: text("field"),
    message: text("message").notNull(),
  },
  (t) => [index("roster_import_problems_import_idx").on(t.importId, t.id)],
);
