import { DEVICE_NUMBERS, HOW_I_TEACH, ROLES } from "@refrain/domain";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, nullingRef, timestamptz } from "./columns.ts";

export const districts = pgTable("districts", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  /**
   * Days a recording's media is kept after it was made, when the district keeps it for less
   * than the product's default (issue 19); 0 keeps nothing after grading; null is the default.
   */
  recordingRetentionDays: smallint("recording_retention_days"),
  createdAt: createdAt(),
});

export const schools = pgTable(
  "schools",
  {
    id: serial("id").primaryKey(),
    districtId: nullingRef("district_id", () => districts.id),
    name: text("name").notNull(),
    zip: text("zip"),
    city: text("city"),
    state: text("state"),
    ncesId: text("nces_id"),
    /** Teacher accounts the school has paid for. */
    seats: integer("seats").notNull().default(0),
    /** The district's roster's id of the school (OneRoster `sourcedId`), once imported. */
    sourcedId: text("sourced_id"),
    /**
     * When the district's roster stopped listing it. Its rostered people are deactivated as the
     * roster drops them; the row stays, with its usage history.
     */
    deactivatedAt: timestamptz("deactivated_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // With the name: a district's page of schools by name (the summary, the Screening page) reads
    // its 25 rows in order, not every school of the district sorted.
    index("schools_district_idx").on(t.districtId, t.name, t.id),
    index("schools_zip_idx").on(t.zip),
    uniqueIndex("schools_district_sourced_uq")
      .on(t.districtId, t.sourcedId)
      .where(sql`${t.sourcedId} is not null`),
  ],
);

/**
 * What the district's roster said of a rostered person at the last import (names, username,
 * level, addresses), so the next import writes only what the roster changed and tells which of
 * a teacher's own edits that overwrites.
 */
export type RosterValues = Record<string, string | number | null>;

/**
 * Everyone who signs in. Adults log in by a unique username or e-mail; a student's username
 * is unique only within their teacher's class, so students sign in through the teacher's name.
 */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    // The domain's list of roles; who may do what with them is domain/src/policies.ts.
    role: text("role", { enum: ROLES }).notNull(),
    username: text("username").notNull(),
    email: text("email"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    /** argon2id; null for accounts that only sign in through single sign-on. */
    passwordHash: text("password_hash"),
    /** Students only: AES-256-GCM of the password, so the teacher can print login cards. */
    passwordEncrypted: text("password_encrypted"),
    schoolId: nullingRef("school_id", () => schools.id),
    districtId: nullingRef("district_id", () => districts.id),
    /** Students only: the class they belong to. */
    teacherId: integer("teacher_id").references((): AnyPgColumn => users.id, {
      onDelete: "cascade",
    }),
    /** Students only: reading-level plan id (6 Kindergarten … 11 Fifth Grade). */
    planId: smallint("plan_id"),
    parentEmail: text("parent_email"),
    /** Teachers: whether students type their username (input) or pick a tile (select). */
    studentLoginType: text("student_login_type", { enum: ["input", "select"] })
      .notNull()
      .default("select"),
    /**
     * Teachers: the class code on the login cards. Typed once on a browser, it lets that browser
     * show the class's name tiles (a stranger who knows only the teacher's username sees none).
     * Made when the teacher first needs it; changing it forgets the browsers it let in.
     */
    classCode: text("class_code"),
    // Per-student tri-state overrides of the teacher's defaults: null inherits.
    require3x: boolean("require_3x"),
    requireRetake: boolean("require_retake"),
    slowVideo: boolean("slow_video"),
    enableFluencyRecording: boolean("enable_fluency_recording"),
    fluencyRecordingLyricsOnly: boolean("fluency_recording_lyrics_only"),
    // Sign-up answers (access spec §3 "Signup").
    gradeLevel: text("grade_level"),
    source: text("source"),
    /** The school as typed when it was not in the list (My School Is Not Listed). */
    schoolNameTyped: text("school_name_typed"),
    outsideUs: boolean("outside_us").notNull().default(false),
    /** False for a single-sign-on account until the complete-signup form is sent. */
    signupComplete: boolean("signup_complete").notNull().default(true),
    trialEndsAt: timestamptz("trial_ends_at"),
    // My Information's mailing address (classroom spec §3 settings load): no rules, blank allowed.
    mailAddress1: text("mail_address1").notNull().default(""),
    mailCity: text("mail_city").notNull().default(""),
    mailState: text("mail_state").notNull().default(""),
    mailZip: text("mail_zip").notNull().default(""),
    /** How I Teach (classroom spec §3): null until the teacher answers. */
    howITeach: text("how_i_teach", { enum: HOW_I_TEACH }),
    deviceNumber: text("device_number", { enum: DEVICE_NUMBERS }),
    /** Teachers: how many student accounts the class may hold. */
    maxStudents: integer("max_students").notNull().default(30),
    /**
     * Rostered people (issue 21): the district whose roster names them and their id there
     * (OneRoster `sourcedId`), by which a later import updates rather than duplicates them.
     */
    rosterDistrictId: nullingRef("roster_district_id", () => districts.id),
    sourcedId: text("sourced_id"),
    /** What the roster said of them at the last import; see RosterValues. */
    rosterValues: jsonb("roster_values").$type<RosterValues>(),
    /**
     * The district's roster no longer lists them: they cannot sign in and leave their class's
     * lists (access.ts), and their history stays until a later import brings them back or the
     * privacy rules remove it.
     */
    deactivatedAt: timestamptz("deactivated_at"),
    createdAt: createdAt(),
    lastLoginAt: timestamptz("last_login_at"),
  },
  (t) => [
    uniqueIndex("users_adult_username_uq")
      .on(sql`lower(${t.username})`)
      .where(sql`${t.role} <> 'student'`),
    // Not unique: sign-up must not tell anyone that an address has an account, so several
    // adult accounts may share one (docs/decisions/0007-sign-up-reveals-no-address.md).
    index("users_adult_email_idx")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.role} <> 'student' and ${t.email} is not null`),
    uniqueIndex("users_student_username_uq")
      .on(t.teacherId, sql`lower(${t.username})`)
      .where(sql`${t.role} = 'student'`),
    index("users_teacher_idx").on(t.teacherId),
    index("users_school_role_idx").on(t.schoolId, t.role),
    index("users_district_role_idx").on(t.districtId, t.role),
    uniqueIndex("users_roster_sourced_uq")
      .on(t.rosterDistrictId, t.sourcedId)
      .where(sql`${t.sourcedId} is not null`),
    check(
      "users_student_has_teacher",
      sql`${t.role} <> 'student' or (${t.teacherId} is not null and ${t.planId} between 6 and 11)`,
    ),
  ],
);

export type User = typeof users.$inferSelect;
