import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { cascadingRef, timestamptz } from "./columns.ts";
import { users } from "./core.ts";

export const lessons = pgTable(
  "lessons",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    /** Reading-level plan id: 6 Kindergarten … 11 Fifth Grade, 12 benchmark passages. */
    planId: smallint("plan_id").notNull(),
    gradeLabel: text("grade_label").notNull(),
    /** The grade a benchmark passage is normed against. */
    benchmarkGrade: smallint("benchmark_grade"),
    lexile: integer("lexile").notNull(),
    wordsPerMinute: integer("words_per_minute").notNull(),
    storyGenre: text("story_genre").notNull(),
    subject: text("subject").notNull(),
    musicGenre: text("music_genre").notNull(),
    logo: text("logo").notNull(),
    worksheet: text("worksheet"),
    lyrics: text("lyrics").notNull(),
    extensionPrompt: text("extension_prompt").notNull(),
  },
  (t) => [
    uniqueIndex("lessons_slug_uq").on(t.slug),
    index("lessons_plan_idx").on(t.planId),
    check("lessons_plan_id_range", sql`${t.planId} between 6 and 12`),
  ],
);

/** Whose work a row is and on which lesson: it goes when either does. */
export const studentAndLesson = () => ({
  studentId: cascadingRef("student_id", () => users.id),
  lessonId: cascadingRef("lesson_id", () => lessons.id),
});

/** The lesson text split into words; graders refer to these ids, so they never change. */
export const lessonWords = pgTable(
  "lesson_words",
  {
    id: serial("id").primaryKey(),
    lessonId: cascadingRef("lesson_id", () => lessons.id),
    position: integer("position").notNull(),
    line: integer("line").notNull(),
    text: text("text").notNull(),
  },
  (t) => [uniqueIndex("lesson_words_lesson_position_uq").on(t.lessonId, t.position)],
);

export const examQuestions = pgTable(
  "exam_questions",
  {
    id: serial("id").primaryKey(),
    lessonId: cascadingRef("lesson_id", () => lessons.id),
    day: smallint("day").notNull(),
    position: smallint("position").notNull(),
    question: text("question").notNull(),
    questionVoiceUrl: text("question_voice_url"),
    answersVoiceUrl: text("answers_voice_url"),
  },
  (t) => [
    uniqueIndex("exam_questions_lesson_day_position_uq").on(t.lessonId, t.day, t.position),
    check("exam_questions_day_range", sql`${t.day} between 1 and 3`),
  ],
);

export const examAnswers = pgTable(
  "exam_answers",
  {
    id: serial("id").primaryKey(),
    questionId: cascadingRef("question_id", () => examQuestions.id),
    letter: text("letter").notNull(),
    text: text("text").notNull(),
    correct: boolean("correct").notNull().default(false),
  },
  (t) => [uniqueIndex("exam_answers_question_letter_uq").on(t.questionId, t.letter)],
);

/**
 * A lesson in a student's plan. A teacher assigns it, or the student starts one on their own
 * ("auto"); status moves assigned → started → completed.
 */
export const assignments = pgTable(
  "assignments",
  {
    id: serial("id").primaryKey(),
    ...studentAndLesson(),
    assignedBy: text("assigned_by", { enum: ["teacher", "auto"] }).notNull(),
    status: text("status", { enum: ["assigned", "started", "completed"] }).notNull(),
    assignedAt: timestamptz("assigned_at").notNull().defaultNow(),
    startedAt: timestamptz("started_at"),
    completedAt: timestamptz("completed_at"),
  },
  (t) => [
    uniqueIndex("assignments_student_lesson_uq").on(t.studentId, t.lessonId),
    index("assignments_lesson_idx").on(t.lessonId),
  ],
);
