import {
  CLASSIFICATIONS,
  RECORDED_CLASSIFICATIONS,
  RECORDING_STATUSES,
  SUGGESTION_HELP_LEVELS,
  SUGGESTION_STATUSES,
  type SuggestionResult,
} from "@refrain/domain";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { cascadingRef, createdAt, nullingRef, timestamptz, updatedAt } from "./columns.ts";
import { schools, users } from "./core.ts";
import { lessons, studentAndLesson } from "./lessons.ts";

/**
 * A student's reading of a lesson (grading spec §3 "Recording (reading)"). A row exists only
 * once its upload is whole: a half upload lives in `recording_uploads` and never shows here.
 * `stitched` rows are the server's cold/hot comparison, made from `cold_id` and `hot_id`.
 * Files are storage keys under "recordings/<id>/".
 */
export const recordings = pgTable(
  "recordings",
  {
    id: serial("id").primaryKey(),
    ...studentAndLesson(),
    classification: text("classification", { enum: CLASSIFICATIONS }).notNull(),
    /** Audio only (the student records lyrics only): processed to an M4A. */
    lyricsOnly: boolean("lyrics_only").notNull().default(false),
    status: text("status", { enum: RECORDING_STATUSES }).notNull().default("queued"),
    /** Why processing failed, in words a teacher can read (never a path or a command line). */
    failure: text("failure"),
    /** Processing attempts so far, retries included. */
    attempts: smallint("attempts").notNull().default(0),
    /** The upload as the browser sent it; null for a comparison. */
    sourceKey: text("source_key"),
    sourceType: text("source_type"),
    sourceBytes: bigint("source_bytes", { mode: "number" }),
    /** The processed MP4 (or M4A) and its JPEG picture, once complete. */
    videoKey: text("video_key"),
    videoType: text("video_type"),
    thumbnailKey: text("thumbnail_key"),
    durationSeconds: real("duration_seconds"),
    /** A comparison's two readings. */
    coldId: integer("cold_id").references((): AnyPgColumn => recordings.id, {
      onDelete: "cascade",
    }),
    hotId: integer("hot_id").references((): AnyPgColumn => recordings.id, {
      onDelete: "cascade",
    }),
    createdAt: createdAt(),
    processedAt: timestamptz("processed_at"),
    /** Set by grading (next issue); a graded reading cannot be deleted. */
    gradedAt: timestamptz("graded_at"),
    /**
     * When retention removed the media (issue 19): the row and its grades stay for the reports,
     * the files and their keys are gone.
     */
    mediaPurgedAt: timestamptz("media_purged_at"),
  },
  (t) => [
    index("recordings_student_created_idx").on(t.studentId, t.createdAt),
    index("recordings_lesson_idx").on(t.lessonId),
    // One comparison per cold/hot pair, even when two workers finish the pair at once.
    uniqueIndex("recordings_comparison_uq").on(t.coldId, t.hotId),
    index("recordings_hot_idx").on(t.hotId),
    // When a reading still being prepared will be ready (areas/fluency/readiness.ts): the
    // readings waiting, and the pace of the latest processed, without reading the whole table.
    index("recordings_waiting_idx").on(t.id).where(sql`${t.status} in ('queued', 'processing')`),
    index("recordings_processed_idx")
      .on(t.processedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.processedAt} is not null`),
    check(
      "recordings_stitched_sources",
      sql`(${t.classification} = 'stitched') = (${t.coldId} is not null and ${t.hotId} is not null)`,
    ),
  ],
);

/**
 * A resumable (tus) upload in progress, bound when it was created to the signed-in student, the
 * session, the lesson and the classification: the client names only the upload, so it cannot
 * finish one as another student or for another lesson. Removed when the upload becomes a
 * recording, or by the clean-up job when abandoned.
 */
export const recordingUploads = pgTable(
  "recording_uploads",
  {
    /** The tus upload id (the last segment of its URL). */
    id: text("id").primaryKey(),
    studentId: cascadingRef("student_id", () => users.id),
    /** The hash of the session that created it: only that session may resume it. */
    sessionHash: text("session_hash").notNull(),
    lessonId: cascadingRef("lesson_id", () => lessons.id),
    classification: text("classification", { enum: RECORDED_CLASSIFICATIONS }).notNull(),
    lyricsOnly: boolean("lyrics_only").notNull(),
    declaredType: text("declared_type").notNull(),
    declaredBytes: bigint("declared_bytes", { mode: "number" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("recording_uploads_student_idx").on(t.studentId),
    index("recording_uploads_updated_idx").on(t.updatedAt),
  ],
);

/**
 * Every grade a teacher gave a reading (grading spec §3 Grade): Create New Grade adds one and
 * the newest counts, so a grade is never overwritten and who graded is kept.
 */
export const recordingGrades = pgTable(
  "recording_grades",
  {
    id: serial("id").primaryKey(),
    recordingId: cascadingRef("recording_id", () => recordings.id),
    gradedBy: nullingRef("graded_by", () => users.id),
    /** Minus the number of missed words. */
    accuracy: smallint("accuracy").notNull(),
    expression: smallint("expression").notNull(),
    feedback: text("feedback").notNull().default(""),
    /** The lesson words marked missed (lesson_words ids). */
    selectedWordIds: integer("selected_word_ids").array().notNull(),
    wpm: smallint("wpm").notNull(),
    lastWordId: integer("last_word_id"),
    /**
     * Of the missed words, those the teacher kept from the reading's suggestion, whether the
     * last word was the suggested one, and which engine suggested (null: none was shown), so
     * agreement between suggestions and teachers can be measured per engine (issue 20).
     */
    acceptedWordIds: integer("accepted_word_ids").array().notNull().default(sql`'{}'`),
    lastWordSuggested: boolean("last_word_suggested").notNull().default(false),
    suggestionEngine: text("suggestion_engine"),
    /**
     * The id the grading form made when the teacher started this grade (issue 35 §6): the same
     * grade sent twice (a double click, a retry) is stored once. Null in grades made before it
     * and in those the demo world writes.
     */
    submission: uuid("submission"),
    createdAt: createdAt(),
  },
  (t) => [
    index("recording_grades_recording_idx").on(t.recordingId, t.createdAt),
    uniqueIndex("recording_grades_submission_uq").on(t.recordingId, t.submission),
    check("recording_grades_expression", sql`${t.expression} between 1 and 5`),
    check("recording_grades_accuracy", sql`${t.accuracy} <= 0`),
    check("recording_grades_wpm", sql`${t.wpm} > 0`),
  ],
);

/**
 * A link a teacher e-mailed a family to watch one graded reading without signing in. Only the
 * SHA-256 of the link's token is kept; the link ends at `expires_at` or when revoked.
 */
export const recordingShares = pgTable(
  "recording_shares",
  {
    id: serial("id").primaryKey(),
    recordingId: cascadingRef("recording_id", () => recordings.id),
    teacherId: cascadingRef("teacher_id", () => users.id),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
    revokedAt: timestamptz("revoked_at"),
    views: integer("views").notNull().default(0),
    lastViewedAt: timestamptz("last_viewed_at"),
  },
  (t) => [
    uniqueIndex("recording_shares_token_uq").on(t.tokenHash),
    index("recording_shares_recording_idx").on(t.recordingId),
    index("recording_shares_teacher_idx").on(t.teacherId),
  ],
);

/**
 * The suggested scoring of a reading (issue 20), one per reading: pending while the
 * "reading-suggest" job works, then the engine's result (`suggested` or `declined`, the whole
 * `SuggestionResult` written in one statement) or `failed` after the queue's last try. `error`
 * is for operators' logs and never shown to a teacher.
 */
export const readingSuggestions = pgTable(
  "reading_suggestions",
  {
    recordingId: cascadingRef("recording_id", () => recordings.id).primaryKey(),
    /** Engine and tuning version ("pocketsphinx-5prealpha/2"): agreement is measured per one. */
    engine: text("engine").notNull(),
    status: text("status", { enum: SUGGESTION_STATUSES }).notNull().default("pending"),
    result: jsonb("result").$type<SuggestionResult>(),
    error: text("error"),
    attempts: smallint("attempts").notNull().default(0),
    /**
     * Suggested by the engine adapted to the reader's school (school_adaptations), not its base
     * model: agreement is measured before and after adaptation.
     */
    adapted: boolean("adapted").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("reading_suggestions_engine_idx").on(t.engine),
    check(
      "reading_suggestions_result",
      sql`(${t.status} in ('suggested', 'declined')) = (${t.result} is not null)`,
    ),
  ],
);

/**
 * How much of suggested scoring a teacher wants shown while grading (issue 38): off, the likely
 * misses only, or all. No row means domain DEFAULT_SUGGESTION_HELP.
 */
export const suggestionHelp = pgTable("suggestion_help", {
  teacherId: cascadingRef("teacher_id", () => users.id).primaryKey(),
  help: text("help", { enum: SUGGESTION_HELP_LEVELS }).notNull(),
  updatedAt: updatedAt(),
});

/** What became of a school's adaptation: kept for its suggestions, or the base model stays. */
export const ADAPTATION_OUTCOMES = ["kept", "discarded"] as const;

/**
 * Each time the recogniser was adapted to a school's voices (issue 38, adapters/asr/adapt.ts):
 * the readings it learnt from and those it was checked on (recording ids), both models' distance
 * from the teachers' WCPM on each checked reading, and the transform when it was kept. The
 * school's newest row for the engine in use decides which model suggests for its readings. Rows
 * go with the school, and with any student whose reading it learnt from (privacy/erase.ts).
 */
export const schoolAdaptations = pgTable(
  "school_adaptations",
  {
    id: serial("id").primaryKey(),
    schoolId: cascadingRef("school_id", () => schools.id),
    /** The engine version adapted: a transform fits only the acoustic model it was learnt on. */
    engine: text("engine").notNull(),
    outcome: text("outcome", { enum: ADAPTATION_OUTCOMES }).notNull(),
    /** The MLLR transform as sphinxtrain writes it (a few kilobytes of text), when kept. */
    transform: text("transform"),
    learntFrom: integer("learnt_from").array().notNull(),
    checkedOn: integer("checked_on").array().notNull(),
    /** Per checked reading, in `checkedOn` order: WCPM off, or null when declined. */
    checked: jsonb("checked").$type<{ base: number | null; adapted: number | null }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("school_adaptations_school_idx").on(t.schoolId, t.engine, t.createdAt),
    check(
      "school_adaptations_transform",
      sql`(${t.outcome} = 'kept') = (${t.transform} is not null)`,
    ),
  ],
);
