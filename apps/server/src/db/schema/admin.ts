import type {
  ApplyInput,
  DistrictSummary,
  ImportPreview,
  ImportStatus,
  RosterProblemSeverity,
} from "@refrain/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
} from "drizzle-orm/pg-core";
import { cascadingRef, createdAt, nullingRef, timestamptz } from "./columns.ts";
import { districts, schools, users } from "./core.ts";

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

/**
 * The district summary's figures kept per school (issue 40, decision 0039), so the summary reads
 * a few rows per school rather than every time_on_task row of the district's year. Migration
 * 0036's triggers on time_on_task, users and schools keep them; nothing writes them elsewhere.
 *
 * Per school and day: the seconds of each measure (student kinds, teacher investment, reading,
 * comprehension), and how many people's last active day in the school it is (`students`: last
 * day with student time; `teachers`: last day active as a teacher, `usage_leads`). Rows go with
 * the school.
 */
const usageFigures = {
  studentSeconds: bigint("student_seconds", { mode: "number" }).notNull().default(0),
  teacherSeconds: bigint("teacher_seconds", { mode: "number" }).notNull().default(0),
  readingSeconds: bigint("reading_seconds", { mode: "number" }).notNull().default(0),
  comprehensionSeconds: bigint("comprehension_seconds", { mode: "number" }).notNull().default(0),
  students: integer("students").notNull().default(0),
  teachers: integer("teachers").notNull().default(0),
};

export const usageSchoolDays = pgTable(
  "usage_school_days",
  {
    schoolId: cascadingRef("school_id", () => schools.id),
    day: date("day", { mode: "string" }).notNull(),
    ...usageFigures,
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.day] })],
);

/**
 * The same per school and school year (`year_start`, July 1): the year's seconds, and the people
 * whose last active day falls in it, so the school year to date is one row per school.
 */
export const usageSchoolYears = pgTable(
  "usage_school_years",
  {
    schoolId: cascadingRef("school_id", () => schools.id),
    yearStart: date("year_start", { mode: "string" }).notNull(),
    ...usageFigures,
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.yearStart] })],
);

/**
 * Per school and user with time there: the last day with student time (any kind but teacher
 * investment) and with teacher investment, seconds above zero. What the school's `students`
 * histogram and `usage_leads` are made from; not read by the summary.
 */
export const usagePeople = pgTable(
  "usage_people",
  {
    schoolId: cascadingRef("school_id", () => schools.id),
    userId: cascadingRef("user_id", () => users.id),
    studentDay: date("student_day", { mode: "string" }),
    teacherDay: date("teacher_day", { mode: "string" }),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.userId] }),
    index("usage_people_user_idx").on(t.userId),
  ],
);

/**
 * Per school and teacher: the last day the teacher was active there, by their own investment
 * time or by the student time of one of their students (enrolled, in a class of the school's
 * district, with no investment time of their own in the school): the summary's active teacher.
 */
export const usageLeads = pgTable(
  "usage_leads",
  {
    schoolId: cascadingRef("school_id", () => schools.id),
    teacherId: cascadingRef("teacher_id", () => users.id),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.teacherId] }),
    index("usage_leads_teacher_idx").on(t.teacherId),
  ],
);

/**
 * Per school: its class owners (teachers and parents, deactivated ones aside) and the enrolled
 * students of their classes, the summary's people (`listDistrictSchools` counts them the same
 * way at each call, reading every student of the district). Migration 0036's trigger on users
 * counts a school again when one of its people joins, leaves, moves or changes role.
 */
export const usageSchoolPeople = pgTable("usage_school_people", {
  schoolId: cascadingRef("school_id", () => schools.id).primaryKey(),
  teachers: integer("teachers").notNull().default(0),
  students: integer("students").notNull().default(0),
});

/**
 * Per district: its schools' figures added up, the district summary's totals
 * (areas/admin/district-summary.ts), for the periods ending on `period_end` as they were at
 * `made_at`; added up again when a view finds them a minute old.
 */
export const usageDistrictTotals = pgTable("usage_district_totals", {
  districtId: cascadingRef("district_id", () => districts.id).primaryKey(),
  periodEnd: date("period_end", { mode: "string" }).notNull(),
  madeAt: timestamptz("made_at").notNull(),
  totals: jsonb("totals").$type<DistrictSummary["totals"]>().notNull(),
});
