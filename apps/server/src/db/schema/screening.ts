import {
  COUNT_BUCKETS,
  DECISION_KINDS,
  EXPORT_STATUSES,
  SEASONS,
  TIERS,
  type WindowWithPassages,
} from "@refrain/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { cascadingRef, createdAt, nullingRef, timestamptz, updatedAt } from "./columns.ts";
import { districts, schools, users } from "./core.ts";

/**
 * A school year's benchmark windows (issue 39, docs/decisions/0037) as a district, a school or a
 * teacher with no school set them: the three windows and each grade's three passages. One row
 * per owner and year; a district's bind its schools, a school's its teachers, and a year nobody
 * set uses the defaults (domain `defaultWindows`). Rows go with their owner.
 */
export const benchmarkCalendars = pgTable(
  "benchmark_calendars",
  {
    id: serial("id").primaryKey(),
    districtId: integer("district_id").references(() => districts.id, { onDelete: "cascade" }),
    schoolId: integer("school_id").references(() => schools.id, { onDelete: "cascade" }),
    teacherId: integer("teacher_id").references(() => users.id, { onDelete: "cascade" }),
    /** The school year by its first calendar year: 2026 is July 2026 to June 2027. */
    schoolYear: smallint("school_year").notNull(),
    /** Fall, winter and spring, in that order. */
    windows: jsonb("windows").$type<WindowWithPassages[]>().notNull(),
    updatedBy: nullingRef("updated_by", () => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "benchmark_calendars_one_owner",
      sql`num_nonnulls(${t.districtId}, ${t.schoolId}, ${t.teacherId}) = 1`,
    ),
    uniqueIndex("benchmark_calendars_district_uq")
      .on(t.districtId, t.schoolYear)
      .where(sql`${t.districtId} is not null`),
    uniqueIndex("benchmark_calendars_school_uq")
      .on(t.schoolId, t.schoolYear)
      .where(sql`${t.schoolId} is not null`),
    uniqueIndex("benchmark_calendars_teacher_uq")
      .on(t.teacherId, t.schoolYear)
      .where(sql`${t.teacherId} is not null`),
  ],
);

/**
 * A district's own cut scores (issue 39, decision 0037), replacing the norms' for the grades and
 * seasons it names: `benchmark` is the lowest score at or above benchmark, `well_below` the
 * highest score well below it. Rows go with the district.
 */
export const districtCutScores = pgTable(
  "district_cut_scores",
  {
    districtId: integer("district_id")
      .notNull()
      .references(() => districts.id, { onDelete: "cascade" }),
    grade: smallint("grade").notNull(),
    season: text("season", { enum: SEASONS }).notNull(),
    benchmark: smallint("benchmark").notNull(),
    wellBelow: smallint("well_below").notNull(),
    updatedBy: nullingRef("updated_by", () => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.districtId, t.grade, t.season] }),
    check("district_cut_scores_order", sql`${t.wellBelow} < ${t.benchmark}`),
  ],
);

/**
 * A student's progress-monitoring plan (issue 39, decision 0037): from the baseline on the day it
 * started to the goal on the spring window's last day, read every `cadence_days`. One open plan
 * per student; an ended plan stays, with its decisions, as the student's history. The points are
 * the student's graded readings (services), not rows here. Rows go with the student.
 */
export const monitoringPlans = pgTable(
  "monitoring_plans",
  {
    id: serial("id").primaryKey(),
    studentId: cascadingRef("student_id", () => users.id),
    startedOn: date("started_on", { mode: "string" }).notNull(),
    /** The tier the student was in when the plan started. */
    tier: text("tier", { enum: TIERS }).notNull(),
    baselineWcpm: smallint("baseline_wcpm").notNull(),
    /** The goal in force: a raised goal replaces it (the decision keeps the one it raised). */
    goalWcpm: smallint("goal_wcpm").notNull(),
    goalOn: date("goal_on", { mode: "string" }).notNull(),
    cadenceDays: smallint("cadence_days").notNull(),
    endedOn: date("ended_on", { mode: "string" }),
    createdBy: nullingRef("created_by", () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check("monitoring_plans_cadence", sql`${t.cadenceDays} between 1 and 28`),
    check("monitoring_plans_goal", sql`${t.goalWcpm} > ${t.baselineWcpm}`),
    uniqueIndex("monitoring_plans_open_uq").on(t.studentId).where(sql`${t.endedOn} is null`),
    index("monitoring_plans_student_idx").on(t.studentId),
  ],
);

/** A teacher's decision on a plan, kept in its history; the latest restarts the four-point count. */
export const monitoringDecisions = pgTable(
  "monitoring_decisions",
  {
    id: serial("id").primaryKey(),
    planId: cascadingRef("plan_id", () => monitoringPlans.id),
    kind: text("kind", { enum: DECISION_KINDS }).notNull(),
    /** The goal a raised goal set. */
    goalWcpm: smallint("goal_wcpm"),
    note: text("note").notNull().default(""),
    decidedBy: nullingRef("decided_by", () => users.id),
    decidedAt: createdAt(),
  },
  (t) => [index("monitoring_decisions_plan_idx").on(t.planId)],
);

/**
 * A district's screening CSV of a school year (issue 39, decision 0037), made by the
 * "screening-export" job: its progress in schools, then its file in storage. A district keeps
 * only its newest finished file; the job removes the one before. Rows go with the district.
 */
export const screeningExports = pgTable(
  "screening_exports",
  {
    id: serial("id").primaryKey(),
    districtId: integer("district_id")
      .notNull()
      .references(() => districts.id, { onDelete: "cascade" }),
    schoolYear: smallint("school_year").notNull(),
    status: text("status", { enum: EXPORT_STATUSES }).notNull().default("queued"),
    schoolsDone: integer("schools_done").notNull().default(0),
    schoolsTotal: integer("schools_total").notNull().default(0),
    fileKey: text("file_key"),
    bytes: bigint("bytes", { mode: "number" }),
    requestedBy: nullingRef("requested_by", () => users.id),
    createdAt: createdAt(),
    finishedAt: timestamptz("finished_at"),
  },
  (t) => [index("screening_exports_district_idx").on(t.districtId, t.id)],
);

/**
 * Each school's screening counts kept ahead of the Screening page and the school's PDF (issue
 * 40, decision 0038), which would otherwise work out every student's window from their readings
 * at each view. A school's rows are made whole for a school year by the screening service and
 * stand while `screening_counts_made.version` equals the school's `screening_school_changes`
 * version, which triggers on what a count depends on (benchmark readings and their grades, the
 * roster, the windows, the cut scores, the passages) raise; a view makes again the schools whose
 * version moved. One row per class (`teacher_id`; 0 for the whole school), season, grade and
 * bucket: a tier, "incomplete", "unrated", or "unscreened" (a grade with no passages, counted
 * for enrolment only). Rows go with the school.
 */
export const screeningCounts = pgTable(
  "screening_counts",
  {
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    schoolYear: smallint("school_year").notNull(),
    teacherId: integer("teacher_id").notNull(),
    season: text("season", { enum: SEASONS }).notNull(),
    grade: smallint("grade").notNull(),
    bucket: text("bucket", { enum: COUNT_BUCKETS }).notNull(),
    students: integer("students").notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.schoolId, t.schoolYear, t.teacherId, t.season, t.grade, t.bucket],
    }),
  ],
);

/** The change count of a school's screening inputs, raised by the triggers of migration 0035. */
export const screeningSchoolChanges = pgTable("screening_school_changes", {
  schoolId: integer("school_id")
    .primaryKey()
    .references(() => schools.id, { onDelete: "cascade" }),
  version: integer("version").notNull(),
});

/** Which change count a school's `screening_counts` of a year were made at. */
export const screeningCountsMade = pgTable(
  "screening_counts_made",
  {
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    schoolYear: smallint("school_year").notNull(),
    version: integer("version").notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.schoolYear] })],
);

/**
 * Each district's screening counts, the sums of its schools' whole-school rows kept beside them
 * (issue 40): a district's page reads its totals per grade from a few dozen rows however many
 * schools it has, and lists its schools a page at a time. Made again whole, from its schools'
 * counts made current first. Rows go with the district.
 */
export const screeningDistrictCounts = pgTable(
  "screening_district_counts",
  {
    districtId: integer("district_id")
      .notNull()
      .references(() => districts.id, { onDelete: "cascade" }),
    schoolYear: smallint("school_year").notNull(),
    season: text("season", { enum: SEASONS }).notNull(),
    grade: smallint("grade").notNull(),
    bucket: text("bucket", { enum: COUNT_BUCKETS }).notNull(),
    students: integer("students").notNull(),
  },
  (t) => [primaryKey({ columns: [t.districtId, t.schoolYear, t.season, t.grade, t.bucket] })],
);

/**
 * Whether a district's `screening_district_counts` of a year stand (decision 0038): they do while
 * no school of the district changed since their making began (`changed`, set by migration 0038's
 * triggers, only while clear, so that one district's gradings do not queue on this row) and the
 * latest maker's sums are those kept (`made` = `making`; a maker that failed or was overtaken
 * leaves them unequal).
 */
export const screeningDistrictCountsState = pgTable(
  "screening_district_counts_state",
  {
    districtId: integer("district_id")
      .notNull()
      .references(() => districts.id, { onDelete: "cascade" }),
    schoolYear: smallint("school_year").notNull(),
    changed: boolean("changed").notNull(),
    making: integer("making").notNull(),
    made: integer("made"),
  },
  (t) => [primaryKey({ columns: [t.districtId, t.schoolYear] })],
);
