import { z } from "zod";
import { contract } from "./contract.ts";
import {
  type Classification,
  mediaReadiness,
  processedMedia,
  RECORDED_CLASSIFICATIONS,
  type RecordedClassification,
  recordingState,
} from "./fluency/recording-state.ts";
import { READ_ALONGS_REQUIRED, resolveTriState } from "./learning/progress.ts";
import { BENCHMARK_PLAN_ID } from "./lessons/levels.ts";
import { type ConsentOnFile, consentComplete } from "./privacy/consent.ts";
import type { TriState } from "./roster.ts";
import { dataResponse, idParam, messageResponse, recordId } from "./validation.ts";

export * from "./fluency/recording-state.ts";

/**
 * Fluency recordings (grading spec §1, §3 "Recording (reading)", §4 "Recording list"; classroom
 * spec §3 roster student settings and student preferences). A student records a reading of a
 * lesson; the server processes it; the teacher watches and (next issue) grades it.
 */

export const RECORDING_LIMITS = {
  /** The reading's timer: one minute, stoppable early. */
  seconds: 60,
  /** The longest upload the server takes: a minute of 720p video is about 10–40 MB. */
  maxBytes: 150 * 1024 * 1024,
  /** A recording longer than this is refused by processing (the timer stops at 60 s). */
  maxProcessedSeconds: 90,
} as const;

/** The media types the server accepts; processing checks the bytes, not these. */
export const RECORDING_UPLOAD_TYPES = [
  "video/webm",
  "video/mp4",
  "audio/webm",
  "audio/mp4",
  "audio/ogg",
] as const;

export const fluencyMessages = {
  reopened: "The passage is open again: the student can read it once more.",
  notAllowed: "This reading cannot be recorded for this lesson.",
  tooLarge: `A recording may be at most ${RECORDING_LIMITS.maxBytes / 1024 / 1024} MB.`,
  notMedia: "This file is not a video or audio recording.",
  // Shown in the recorder, whose words for a half-sent reading are "not all sent".
  tooManyUploads:
    "You have too many readings that are not all sent yet. Finish sending them first, then try this one again.",
  tooLong: `A recording may be at most ${RECORDING_LIMITS.maxProcessedSeconds} seconds long.`,
  graded: "A graded recording cannot be deleted.",
  notDeletable: "Only a cold or hot read that has not been graded can be deleted.",
  notFailed: "Only a recording whose processing failed can be tried again.",
} as const;

// ───────────────────────── Rules ─────────────────────────

/** The teacher's class preferences that fluency recording reads (classroom spec §3). */
export interface FluencyClassSettings {
  recordStudentFluency: boolean;
  fluencyLyricsOnly: boolean;
}

/**
 * Whether a student records (`enable_fluency_recording` inheriting `record_student_fluency`),
 * and whether sound only. Even when switched on, a student records only with both a parent's
 * permission and an admin's approval on file for them (privacy/consent.ts, issue 19): a
 * withdrawn consent stops the next recording at once.
 */
export function resolveFluencyRecording(
  own: { enable_fluency_recording: TriState; fluency_recording_lyrics_only: TriState },
  settings: FluencyClassSettings,
  consent: ConsentOnFile,
): { allowed: boolean; lyricsOnly: boolean } {
  const on = resolveTriState(own.enable_fluency_recording, settings.recordStudentFluency);
  return {
    allowed: on && consentComplete(consent),
    lyricsOnly: resolveTriState(own.fluency_recording_lyrics_only, settings.fluencyLyricsOnly),
  };
}

export type RecordingOptions = Record<RecordedClassification, RecordingOptionState>;

/** What decides which readings of a lesson a student may record now. */
export interface RecordingOptionFacts {
  allowed: boolean;
  lessonPlanId: number;
  /** The teacher assigned this lesson to the student (not one the student started alone). */
  assignedByTeacher: boolean;
  readAlongs: number;
  /** The kinds of which a reading exists that did not fail. */
  sent: readonly Classification[];
}

/**
 * The options of a lesson (grading spec §3): a cold read before the first read-along, a hot
 * read once the read-alongs a lesson asks for are done, and a benchmark reading only of a
 * benchmark passage the teacher assigned. One reading of each kind; a failed one may be redone.
 */
export function recordingOptions(f: RecordingOptionFacts): RecordingOptions {
  const none: RecordingOptions = { cold_read: "none", hot_read: "none", benchmark: "none" };
  if (!f.allowed) return none;
  const state = (kind: RecordedClassification, open: boolean): RecordingOptionState =>
    f.sent.includes(kind) ? "sent" : open ? "available" : "locked";
  if (f.lessonPlanId === BENCHMARK_PLAN_ID)
    return f.assignedByTeacher ? { ...none, benchmark: state("benchmark", true) } : none;
  return {
    cold_read: state("cold_read", f.readAlongs === 0),
    hot_read: state("hot_read", f.readAlongs >= READ_ALONGS_REQUIRED),
    benchmark: "none",
  };
}

export type MediaContainer = "webm" | "mp4" | "ogg";

/**
 * The container a file's first bytes announce, or null when they are not one a browser records
 * (WebM/Matroska's EBML header, ISO-BMFF's `ftyp` box, Ogg's capture pattern). The name and the
 * declared type are never trusted.
 */
export function sniffContainer(head: Uint8Array): MediaContainer | null {
  const at = (offset: number, bytes: readonly number[]) =>
    head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
  if (at(0, [0x1a, 0x45, 0xdf, 0xa3])) return "webm";
  if (at(4, [0x66, 0x74, 0x79, 0x70])) return "mp4";
  if (at(0, [0x4f, 0x67, 0x67, 0x53])) return "ogg";
  return null;
}

/** The bytes `sniffContainer` needs. */
export const SNIFF_BYTES = 12;

/**
 * The tus creation's Upload-Metadata, decoded. `filetype` is the browser's MediaRecorder type,
 * whose codecs parameter is dropped.
 */
export const recordingUploadMetadata = z.object({
  lessonId: recordId({ coerce: true }),
  classification: z.enum(RECORDED_CLASSIFICATIONS, { error: fluencyMessages.notAllowed }),
  filetype: z
    .string({ error: fluencyMessages.notMedia })
    .transform((type) => type.split(";")[0]?.trim().toLowerCase() ?? "")
    .pipe(z.enum(RECORDING_UPLOAD_TYPES, { error: fluencyMessages.notMedia })),
});
export type RecordingUploadMetadata = z.output<typeof recordingUploadMetadata>;

// ───────────────────────── Calls ─────────────────────────

/** The student a recording is of, as the teacher's lists and the grading modal name them. */
export const recordingStudent = {
  student_id: z.number(),
  firstname: z.string(),
  lastname: z.string(),
};

/** One row of the teacher's recording lists (classroom spec §3 "Recording row"). */
export const recordingRow = z.object({
  id: z.number(),
  ...recordingStudent,
  lesson_id: z.number(),
  lesson_title: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  ...recordingState,
  lyrics_only: z.boolean(),
  /** ISO 8601, or null while ungraded. */
  graded_at: z.string().nullable(),
  /** Seconds, once processed. */
  duration: z.number().nullable(),
  ...processedMedia,
  ...mediaReadiness,
});
export type RecordingRow = z.infer<typeof recordingRow>;

const recordingPath = z.object({ id: idParam });

/**
 * Whether the student may record one reading of a lesson now: `available`; `locked` (a hot
 * read before the third read-along, a cold read after the first); `sent` (a reading of this kind
 * is already there and not failed); `none` (not a reading of this lesson: benchmark readings are
 * of benchmark passages, cold and hot reads of the others).
 */
export const RECORDING_OPTION_STATES = ["available", "locked", "sent", "none"] as const;
export type RecordingOptionState = (typeof RECORDING_OPTION_STATES)[number];

/** A student's own reading, as the player shows it. */
export const ownRecording = z.object({
  id: z.number(),
  ...recordingState,
  created_at: z.string(),
  ...processedMedia,
});
export type OwnRecording = z.infer<typeof ownRecording>;

/** What the lesson player needs to offer recording (the tus upload then names lessonId). */
export const studentLessonRecordings = z.object({
  /** Fluency recording is on for this student and the teacher has permission and approval. */
  allowed: z.boolean(),
  /** Record sound only (`fluency_recording_lyrics_only`, resolved). */
  lyricsOnly: z.boolean(),
  options: z.object({
    cold_read: z.enum(RECORDING_OPTION_STATES),
    hot_read: z.enum(RECORDING_OPTION_STATES),
    benchmark: z.enum(RECORDING_OPTION_STATES),
  }),
  recordings: z.array(ownRecording),
});
export type StudentLessonRecordings = z.infer<typeof studentLessonRecordings>;

/** The `type` filter of the teacher's reading lists: `new` keeps what is not graded yet. */
export const readingListType = z.enum(["new", "all"]).default("all");

/**
 * The tus endpoint students upload to (not a contract: tus's own methods). Creation sends
 * Upload-Metadata `lessonId`, `classification` (cold_read, hot_read or benchmark) and
 * `filetype`, with the X-CSRF-Token and X-Requested-With headers every call sends; the answer
 * to the request that completes the upload carries the new recording's id in `Recording-Id`.
 */
export const RECORDING_UPLOAD_PATH = "/student/recordings/uploads";

export const fluencyCalls = {
  /** The student's readings of one lesson and which they may record now. */
  studentLesson: contract({
    method: "GET",
    path: "/student/recordings/:lessonId",
    tag: "fluency",
    summary: "The student's readings of a lesson and which they may record now",
    policy: "students",
    params: z.object({ lessonId: idParam }),
    response: dataResponse(studentLessonRecordings),
  }),
  /** Grading spec §7 `GET /teacher/recordings/all`: the class's recordings, newest first. */
  recordings: contract({
    method: "GET",
    path: "/teacher/recordings/all",
    tag: "fluency",
    summary: "The class's recordings, newest first; `student_id` narrows to one student",
    policy: "classOwners",
    query: z.object({
      student_id: recordId({ coerce: true }).optional(),
      /** `new`: the New Fluency Videos tab, readings not graded yet (comparisons aside). */
      type: readingListType,
    }),
    response: dataResponse(z.array(recordingRow)),
  }),
  /** A processing that failed is queued again (the row's Retry button). */
  retry: contract({
    method: "POST",
    path: "/teacher/recordings/:id/retry",
    tag: "fluency",
    summary: "Queue a recording whose processing failed again",
    policy: "classOwners",
    params: recordingPath,
    response: dataResponse(recordingRow),
  }),
  /** Grading spec §7: the teacher deletes an ungraded Cold or Hot Read, rows and files. */
  remove: contract({
    method: "DELETE",
    path: "/api/v2/recording_upload/:id",
    tag: "fluency",
    summary: "Delete an ungraded cold or hot read with its files",
    policy: "classOwners",
    params: recordingPath,
    response: messageResponse,
  }),
  /**
   * A benchmark passage re-opened for one student (issue 39, a screening session): their
   * ungraded reading of it goes, rows and files, so they can read it again.
   */
  reopenBenchmark: contract({
    method: "POST",
    path: "/teacher/recordings/:id/reopen",
    tag: "fluency",
    summary: "Re-open a benchmark passage for one student: their ungraded reading of it goes",
    policy: "classOwners",
    params: recordingPath,
    response: messageResponse,
  }),
  /** The processed video (MP4) or audio (M4A), with Range, to whoever may see the reading. */
  video: contract({
    method: "GET",
    path: "/media/recordings/:id/video",
    tag: "fluency",
    summary: "The processed recording, streamed with Range",
    policy: "signedIn",
    params: recordingPath,
    file: "video/mp4",
  }),
  thumbnail: contract({
    method: "GET",
    path: "/media/recordings/:id/thumbnail",
    tag: "fluency",
    summary: "The recording's picture (JPEG)",
    policy: "signedIn",
    params: recordingPath,
    file: "image/jpeg",
  }),
};
