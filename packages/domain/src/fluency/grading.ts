import { z } from "zod";
import { contract } from "../contract.ts";
import { emailField } from "../email.ts";
import {
  CLASSIFICATIONS,
  type Classification,
  mediaReadiness,
  readingListType,
  recordingRow,
  recordingState,
  recordingStudent,
} from "../fluency.ts";
import {
  dataResponse,
  idParam,
  messageResponse,
  recordId,
  requiredText,
  submissionId,
  text,
} from "../validation.ts";
import { gradingMessages } from "./grading-messages.ts";
import { studentGradedCall } from "./student-graded.ts";
import { readingSuggestion } from "./suggestion-grading.ts";

// The spec's words live apart, so that a student's own readings do not download the grader's
// schemas.
export { gradingMessages } from "./grading-messages.ts";
// The computed values live apart so that suggestions.ts can score without importing the grader.
export {
  accuracyPercent,
  correctWordsPerMinute,
  shownMeasure,
  wpmFromLastWord,
} from "./measures.ts";
// As is a student's own graded readings' call, which their home page makes.
export { gradedReading, studentGradedCall } from "./student-graded.ts";

/**
 * Grading a reading and sharing it with a family (grading spec §2 "Fluency grading modal",
 * "Share with Parent modal", §3 Grade, computed values, §4 Grader, §5, §7, §8).
 */

export const EXPRESSION_SCORES = [1, 2, 3, 4, 5] as const;
/** The longest feedback a teacher may leave on one grade. */
export const FEEDBACK_MAX = 2000;
/** Days a shared link stays open unless the teacher revokes it sooner (SHARE_LINK_DAYS). */
export const SHARE_LINK_DAYS_DEFAULT = 30;

// ───────────────────────── Computed values (§3; the arithmetic is in measures.ts) ─────────────────────────

/** A blank grade's WPM (§3): -1 for a lyrics-only reading, else the lesson's words per minute. */
export function initialWpm(reading: { lyricsOnly: boolean; lessonWordsPerMinute: number }) {
  return reading.lyricsOnly ? -1 : reading.lessonWordsPerMinute;
}

/** Alt- or Command-click sets the last word read only for benchmark and lyrics-only readings. */
export function setsLastWord(reading: { classification: Classification; lyricsOnly: boolean }) {
  return reading.classification === "benchmark" || reading.lyricsOnly;
}

/** Missed words are styled "cold" in benchmark and cold reads, else "hot" (§4). */
export function missedWordStyle(classification: Classification): "cold" | "hot" {
  return classification === "benchmark" || classification === "cold_read" ? "cold" : "hot";
}

// ───────────────────────── The grader's states (§4 Grader) ─────────────────────────

export type GraderState = "compare" | "view" | "grade" | "submitting" | "submitted";
export type GraderEvent = "submit" | "succeeded" | "failed" | "reset" | "createNew";

/** Compare for a stitched recording, view when a grade exists, otherwise grade. */
export function initialGraderState(classification: Classification, graded: boolean): GraderState {
  if (classification === "stitched") return "compare";
  return graded ? "view" : "grade";
}

/**
 * The grader's next state. grade → submitting on submit, then submitted whether it succeeded or
 * failed (§4); reset goes back to the initial state; Create New Grade from view starts a blank
 * grade. Anything else leaves the state as it is.
 */
export function nextGraderState(
  state: GraderState,
  event: GraderEvent,
  initial: GraderState,
): GraderState {
  if (event === "reset") return initial;
  if (state === "grade" && event === "submit") return "submitting";
  if (state === "submitting" && (event === "succeeded" || event === "failed")) return "submitted";
  if (state === "view" && event === "createNew") return "grade";
  return state;
}

// ───────────────────────── Requests and answers ─────────────────────────

/** A grade as the teacher submits it (§3 Grade, §5): expression set, wpm positive. */
export const gradeBody = z
  .object({
    /** Minus the number of missed words. */
    accuracy: z.number().int().max(0),
    expression: z
      .number({ error: gradingMessages.expression })
      .int(gradingMessages.expression)
      .min(1, gradingMessages.expression)
      .max(5, gradingMessages.expression),
    feedback: text()
      .trim()
      .max(FEEDBACK_MAX, `Feedback cannot have more than ${FEEDBACK_MAX} characters.`)
      .default(""),
    /** The lesson words marked missed (lesson word ids). */
    selectedWordIds: z.array(recordId()).max(2000),
    wpm: z
      .number({ error: gradingMessages.wpm })
      .int(gradingMessages.wpm)
      .positive(gradingMessages.wpm)
      .max(400, "Words per minute cannot be more than 400."),
    /** The last word read (benchmark and lyrics-only readings), when the teacher set it. */
    lastWordId: recordId().nullable().default(null),
    /** Of the missed words, those accepted from the reading's suggestion (issue 20). */
    acceptedWordIds: z.array(recordId()).max(2000).default([]),
    /** The last word is the suggested one, accepted. */
    lastWordSuggested: z.boolean().default(false),
    /** The grade's id, made when the teacher started it: sent twice, it is still one grade. */
    submission: submissionId(),
  })
  .check((ctx) => {
    const ids = ctx.value.selectedWordIds;
    const missed = new Set(ids);
    if (ctx.value.acceptedWordIds.some((id) => !missed.has(id)))
      ctx.issues.push({
        code: "custom",
        input: ctx.value.acceptedWordIds,
        path: ["acceptedWordIds"],
        message: gradingMessages.acceptedNotMissed,
      });
    if (ctx.value.lastWordSuggested && ctx.value.lastWordId === null)
      ctx.issues.push({
        code: "custom",
        input: ctx.value.lastWordSuggested,
        path: ["lastWordSuggested"],
        message: gradingMessages.lastWordNotSet,
      });
    if (new Set(ids).size !== ids.length)
      ctx.issues.push({
        code: "custom",
        input: ids,
        path: ["selectedWordIds"],
        message: gradingMessages.duplicateWord,
      });
    if (ctx.value.accuracy !== -ids.length)
      ctx.issues.push({
        code: "custom",
        input: ctx.value.accuracy,
        path: ["accuracy"],
        message: gradingMessages.accuracy,
      });
  });
export type GradeBody = z.input<typeof gradeBody>;

/** A saved grade: every grade is kept; the newest counts. */
export const savedGrade = z.object({
  id: z.number(),
  accuracy: z.number(),
  expression: z.number(),
  feedback: z.string(),
  selectedWordIds: z.array(z.number()),
  wpm: z.number(),
  lastWordId: z.number().nullable(),
  /** The missed words accepted from a suggestion, and whether the last word was suggested. */
  acceptedWordIds: z.array(z.number()),
  lastWordSuggested: z.boolean(),
  /** ISO 8601. */
  graded_at: z.string(),
  graded_by: z.string(),
});
export type SavedGrade = z.infer<typeof savedGrade>;

/** One reading of a reading set (§3 "Recording (reading)"). */
export const reading = z.object({
  id: z.number(),
  /** The processed video (or M4A); null until processed. */
  url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  ...mediaReadiness,
  /** The tab's label, chosen by the server: "Cold Read · 11/24/2026". */
  label: z.string(),
  lyrics_only: z.boolean(),
  ...recordingStudent,
  created_at: z.string(),
  lesson_title: z.string(),
  graded_at: z.string().nullable(),
  /** The newest grade, or null while ungraded. */
  grade: savedGrade.nullable(),
  lesson: z.object({ id: z.number(), title: z.string(), wordspermin: z.number() }),
  ...recordingState,
  /** Seconds, once processed. */
  duration: z.number().nullable(),
  /** Its suggested scoring (issue 20), or null when no engine looked at it. */
  suggestion: readingSuggestion.nullable(),
});
export type Reading = z.infer<typeof reading>;

/**
 * GET /teacher/recordings/{id} (§7): the readings of the recording's lesson and student that
 * belong together (cold, hot, benchmark and their comparison), `selected` naming the one asked
 * for, and the lesson's words with their ids for marking missed words.
 */
export const readingSet = z.object({
  id: z.number(),
  selected: z.enum(CLASSIFICATIONS),
  entries: z.partialRecord(z.enum(CLASSIFICATIONS), reading),
  words: z.array(z.object({ id: z.number(), text: z.string(), line: z.number() })),
});
export type ReadingSet = z.infer<typeof readingSet>;

/** A student's row of the by-student list (§3: new_recordings, latest_ungraded_id). */
export const studentRecordings = z.object({
  ...recordingStudent,
  new_recordings: z.number(),
  latest_ungraded_id: z.number().nullable(),
  /** The student's newest readings, at most 10 (the popup's limit, §9). */
  recordings: z.array(recordingRow),
});

/** The Share with Parent form (§2, §5): all required and trimmed. */
export const shareBody = z.object({
  to: emailField(),
  subject: requiredText({ max: 200 }),
  body: requiredText({ max: 5000 }),
});
export type ShareBody = z.input<typeof shareBody>;

/** A link the teacher shared, as the grading modal lists them (to revoke one). */
export const shareLink = z.object({
  id: z.number(),
  email: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  views: z.number(),
});

const recordingPath = z.object({ id: idParam });

export const gradingCalls = {
  readingSet: contract({
    method: "GET",
    path: "/teacher/recordings/:id",
    tag: "fluency",
    summary: "A reading with the readings it belongs with, and the lesson's words",
    policy: "classOwners",
    params: recordingPath,
    response: dataResponse(readingSet),
  }),
  grade: contract({
    method: "POST",
    path: "/teacher/recordings/:id/grade",
    tag: "fluency",
    summary:
      "Grade a reading (a new grade for each new `submission` id, the same one answering the grade it made; the newest counts)",
    policy: "classOwners",
    params: recordingPath,
    body: gradeBody,
    response: z.object({ success: z.literal(true), message: z.string(), data: savedGrade }),
  }),
  byStudent: contract({
    method: "GET",
    path: "/teacher/recordings/by_student",
    tag: "fluency",
    summary:
      "The class's students with their new (ungraded) readings; `type=new` lists only those with some",
    policy: "classOwners",
    query: z.object({ type: readingListType }),
    response: dataResponse(z.array(studentRecordings)),
  }),
  overview: contract({
    method: "GET",
    path: "/teacher/fluency/overview",
    tag: "fluency",
    summary: "The class's counts of new, graded and shared readings",
    policy: "classOwners",
    response: dataResponse(z.object({ new: z.number(), graded: z.number(), shared: z.number() })),
  }),
  shareDraft: contract({
    method: "GET",
    path: "/teacher/recordings/:id/share",
    tag: "fluency",
    summary: "The Share with Parent form, filled: the parent's address on file, a subject and body",
    policy: "classOwners",
    params: recordingPath,
    response: dataResponse(z.object({ email: z.string(), subject: z.string(), body: z.string() })),
  }),
  share: contract({
    method: "POST",
    path: "/teacher/recordings/:id/share",
    tag: "fluency",
    summary:
      "Email the parent a signed link to this graded reading (a new address is saved to the student first)",
    policy: "classOwners",
    params: recordingPath,
    body: shareBody,
    response: messageResponse,
  }),
  shares: contract({
    method: "GET",
    path: "/teacher/recordings/:id/shares",
    tag: "fluency",
    summary: "The links shared for a reading",
    policy: "classOwners",
    params: recordingPath,
    response: dataResponse(z.array(shareLink)),
  }),
  revokeShare: contract({
    method: "POST",
    path: "/teacher/recordings/:id/shares/:shareId/revoke",
    tag: "fluency",
    summary: "Turn a shared link off at once",
    policy: "classOwners",
    params: z.object({ id: idParam, shareId: idParam }),
    response: messageResponse,
  }),
  /** The family's page: no sign-in, `noindex`, nothing from other sites (server-rendered). */
  sharedPage: contract({
    method: "GET",
    path: "/shared/recordings/:token",
    tag: "fluency",
    summary: "The page a shared link opens: the reading and its grade summary",
    policy: "public",
    params: z.object({ token: text().max(100) }),
    file: "text/html",
    opensFromLink: true,
  }),
  sharedVideo: contract({
    method: "GET",
    path: "/shared/recordings/:token/video",
    tag: "fluency",
    summary: "The shared reading's video, streamed with Range",
    policy: "public",
    params: z.object({ token: text().max(100) }),
    file: "video/mp4",
    opensFromLink: true,
  }),
  studentGraded: studentGradedCall,
};
