import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./core.ts";

/**
 * A teacher's class preferences (classroom spec §3 "Student preferences"): the defaults the
 * roster's tri-state student settings inherit, and the fluency recording consent the teacher
 * has on file. No row means every default below.
 */
export const classSettings = pgTable("class_settings", {
  teacherId: integer("teacher_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  sendWeeklyReport: boolean("send_weekly_report").notNull().default(false),
  /** `retake_exm`: the default of `require_retake`. */
  retakeExams: boolean("retake_exams").notNull().default(false),
  /** `unlink_video`: exams open without the three read-alongs (the default of `require_3x` is its opposite). */
  unlinkVideo: boolean("unlink_video").notNull().default(true),
  slowVideo: boolean("slow_video").notNull().default(false),
  /** `complete_lessons_extensions`: students must hand in day 4 to complete a lesson. */
  completeLessonsExtensions: boolean("complete_lessons_extensions").notNull().default(true),
  /** `record_student_fluency`: the default of `enable_fluency_recording`. */
  recordStudentFluency: boolean("record_student_fluency").notNull().default(false),
  fluencyParentPermission: boolean("fluency_parent_permission").notNull().default(false),
  fluencyAdminApproval: boolean("fluency_admin_approval").notNull().default(false),
  /** `student_record_fluency_lyrics_only`: the default of `fluency_recording_lyrics_only`. */
  fluencyLyricsOnly: boolean("fluency_lyrics_only").notNull().default(false),
  welcomeMessage: text("welcome_message").notNull().default("hello, class"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
