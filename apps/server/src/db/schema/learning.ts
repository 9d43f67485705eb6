import { TEXT_SIZES, TIME_KINDS } from "@refrain/domain";
import { sql } from "drizzle-orm";
import {
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
  uuid,
} from "drizzle-orm/pg-core";
import { cascadingRef, createdAt, nullingRef, timestamptz, updatedAt } from "./columns.ts";
import { schools, users } from "./core.ts";
import { studentAndLesson } from "./lessons.ts";

/**
 * A read-along the student played through. `play` is the id the player made when the track
 * started: a client repeating its "played through" call (a retry, a double send) names the same
 * play and it counts once, while three plays in a row, however fast, count three.
 */
export const readAlongs = pgTable(
  "read_alongs",
  {
    id: serial("id").primaryKey(),
    ...studentAndLesson(),
    play: uuid("play").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("read_alongs_student_play_uq").on(t.studentId, t.play),
    index("read_alongs_student_lesson_idx").on(t.studentId, t.lessonId),
  ],
);

/** The answer a student chose for one question of an attempt. */
export interface ChosenAnswer {
  question: number;
  answer: number;
}

/**
 * Every day 1–3 attempt, kept for the reports (retakes included). `attempt` numbers a
 * student's attempts at one day from 1: the client submits the number it is making, so a
 * double submit, at once or one after the other, meets the unique index and stores one.
 */
export const examAttempts = pgTable(
  "exam_attempts",
  {
    id: serial("id").primaryKey(),
    ...studentAndLesson(),
    day: smallint("day").notNull(),
    attempt: smallint("attempt").notNull(),
    answers: jsonb("answers").$type<ChosenAnswer[]>().notNull(),
    correct: smallint("correct").notNull(),
    solved: smallint("solved").notNull(),
    /** correct/solved rounded; null when nothing was solved (grading spec §3). */
    percent: smallint("percent"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("exam_attempts_student_lesson_day_attempt_uq").on(
      t.studentId,
      t.lessonId,
      t.day,
      t.attempt,
    ),
    index("exam_attempts_lesson_idx").on(t.lessonId),
    check("exam_attempts_day", sql`${t.day} between 1 and 3`),
    check("exam_attempts_attempt", sql`${t.attempt} >= 1`),
    check("exam_attempts_counts", sql`${t.correct} between 0 and ${t.solved}`),
  ],
);

/**
 * A student's day 4 answer: the draft as typed, then the submitted text; the teacher scores it
 * 1–3 with the rubric's text and a comment later (reports issue).
 */
export const extensionResponses = pgTable(
  "extension_responses",
  {
    id: serial("id").primaryKey(),
    ...studentAndLesson(),
    draft: text("draft").notNull().default(""),
    draftSavedAt: timestamptz("draft_saved_at").notNull().defaultNow(),
    response: text("response"),
    submittedAt: timestamptz("submitted_at"),
    score: smallint("score"),
    scoreText: text("score_text"),
    comment: text("comment"),
    scoredAt: timestamptz("scored_at"),
    scoredBy: nullingRef("scored_by", () => users.id),
  },
  (t) => [
    uniqueIndex("extension_responses_student_lesson_uq").on(t.studentId, t.lessonId),
    index("extension_responses_lesson_idx").on(t.lessonId),
    check("extension_responses_score", sql`${t.score} is null or ${t.score} between 1 and 3`),
    check(
      "extension_responses_submitted",
      sql`(${t.response} is null) = (${t.submittedAt} is null)`,
    ),
  ],
);

/**
 * Time on task in daily buckets, per user and kind (access spec §3 "School (district page)").
 * `school_id` is copied in when the bucket is made so "a school's sum since a date, by kind" is
 * one range scan of `time_on_task_school_day_idx`, never a join through the users.
 * `last_beat_at` is the user's latest heartbeat of this kind that day: a heartbeat is credited
 * only for time since it, so two tabs never count the same seconds twice.
 */
export const timeOnTask = pgTable(
  "time_on_task",
  {
    userId: cascadingRef("user_id", () => users.id),
    kind: text("kind", { enum: TIME_KINDS }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    schoolId: nullingRef("school_id", () => schools.id),
    seconds: integer("seconds").notNull().default(0),
    lastBeatAt: timestamptz("last_beat_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.day] }),
    index("time_on_task_school_day_idx").on(t.schoolId, t.day, t.kind),
    check("time_on_task_seconds", sql`${t.seconds} between 0 and 86400`),
  ],
);

/**
 * A student's reading view (text size, dyslexia-friendly layout, line focus), set by the student
 * or their teacher. No row: the default view. It goes with the student.
 */
export const readingViews = pgTable(
  "reading_views",
  {
    studentId: cascadingRef("student_id", () => users.id).primaryKey(),
    textSize: text("text_size", { enum: TEXT_SIZES }).notNull(),
    dyslexiaFriendly: boolean("dyslexia_friendly").notNull(),
    lineFocus: boolean("line_focus").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "reading_views_text_size",
      sql`${t.textSize} in ${sql.raw(`(${TEXT_SIZES.map((size) => `'${size}'`).join(", ")})`)}`,
    ),
  ],
);
