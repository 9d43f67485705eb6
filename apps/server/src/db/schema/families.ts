import { PARENT_LANGUAGES } from "@refrain/domain";
import { sql } from "drizzle-orm";
import { boolean, check, date, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { cascadingRef, createdAt, timestamptz, updatedAt } from "./columns.ts";
import { users } from "./core.ts";

/**
 * What a student's parent receives and in which language (classroom spec §3 "Managed student
 * row"); the address itself is the roster's `users.parent_email`. No row means nothing is sent
 * and English. The unsubscribe dates are the parent's own choice: only the teacher's confirmed
 * resubscribe clears them, and while one is set nothing of that list is sent.
 */
export const familyPreferences = pgTable("family_preferences", {
  studentId: cascadingRef("student_id", () => users.id).primaryKey(),
  language: text("language", { enum: PARENT_LANGUAGES }).notNull().default("en"),
  sendWeeklyReport: boolean("send_weekly_report").notNull().default(false),
  sendParentEmails: boolean("send_parent_emails").notNull().default(false),
  weeklyReportUnsubscribedAt: timestamptz("weekly_report_unsubscribed_at"),
  parentEmailsUnsubscribedAt: timestamptz("parent_emails_unsubscribed_at"),
  /** A permanent SMTP refusal of the address; cleared when the teacher changes the address. */
  bouncingAt: timestamptz("bouncing_at"),
  updatedAt: updatedAt(),
});

export const WEEKLY_REPORT_STATUSES = ["sent", "skipped"] as const;

/**
 * One row per student and week once the weekly report job claimed that week (issue 16 part 3):
 * the primary key is the claim, so a second run of the job, or a second worker, finds the week
 * taken and sends nothing. `skipped` records a claimed week whose mail was not sent (the
 * address stopped being mailable between the selection and the send).
 */
export const weeklyReports = pgTable(
  "weekly_reports",
  {
    studentId: cascadingRef("student_id", () => users.id),
    /** The Monday (UTC) the week starts on. */
    weekStart: date("week_start", { mode: "string" }).notNull(),
    status: text("status", { enum: WEEKLY_REPORT_STATUSES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.weekStart] }),
    check("weekly_reports_monday", sql`extract(isodow from ${t.weekStart}) = 1`),
  ],
);
