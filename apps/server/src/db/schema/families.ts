import { PARENT_LANGUAGES } from "@refrain/domain";
import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./core.ts";

/**
 * What a student's parent receives and in which language (classroom spec §3 "Managed student
 * row"); the address itself is the roster's `users.parent_email`. No row means nothing is sent
 * and English. The unsubscribe dates are the parent's own choice: only the teacher's confirmed
 * resubscribe clears them, and while one is set nothing of that list is sent.
 */
export const familyPreferences = pgTable("family_preferences", {
  studentId: integer("student_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  language: text("language", { enum: PARENT_LANGUAGES }).notNull().default("en"),
  sendWeeklyReport: boolean("send_weekly_report").notNull().default(false),
  sendParentEmails: boolean("send_parent_emails").notNull().default(false),
  weeklyReportUnsubscribedAt: timestamp("weekly_report_unsubscribed_at", { withTimezone: true }),
  parentEmailsUnsubscribedAt: timestamp("parent_emails_unsubscribed_at", { withTimezone: true }),
  /** A permanent SMTP refusal of the address; cleared when the teacher changes the address. */
  bouncingAt: timestamp("bouncing_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
