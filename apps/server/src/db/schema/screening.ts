import { SEASONS, type WindowWithPassages } from "@refrain/domain";
import { sql } from "drizzle-orm";
import {
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { nullingRef, updatedAt } from "./columns.ts";
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
