import { sql } from "drizzle-orm";
import { index, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { cascadingRef, createdAt, updatedAt } from "./columns.ts";
import { users } from "./core.ts";

export const studentGroups = pgTable(
  "student_groups",
  {
    id: serial("id").primaryKey(),
    teacherId: cascadingRef("teacher_id", () => users.id),
    name: text("name").notNull(),
    /** A rostered class of a teacher who has several (OneRoster class `sourcedId`). */
    sourcedId: text("sourced_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("student_groups_teacher_idx").on(t.teacherId),
    // A teacher's group names are told apart ignoring case, even under concurrent creates.
    uniqueIndex("student_groups_teacher_name_uq").on(t.teacherId, sql`lower(${t.name})`),
  ],
);

/** A student is in at most one group; no row means group 0 (ungrouped). */
export const groupMemberships = pgTable(
  "group_memberships",
  {
    id: serial("id").primaryKey(),
    groupId: cascadingRef("group_id", () => studentGroups.id),
    studentId: cascadingRef("student_id", () => users.id),
  },
  (t) => [
    uniqueIndex("group_memberships_student_uq").on(t.studentId),
    index("group_memberships_group_idx").on(t.groupId),
  ],
);

/** The teacher's message to a student, shown on the student's home page. */
export const studentFeedback = pgTable("student_feedback", {
  studentId: cascadingRef("student_id", () => users.id).primaryKey(),
  teacherId: cascadingRef("teacher_id", () => users.id),
  message: text("message").notNull(),
  updatedAt: updatedAt(),
});
