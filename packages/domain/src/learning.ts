import { z } from "zod";
import { contract } from "./contract.ts";
import { MAX_HEARTBEAT_SECONDS, STUDENT_TIME_KINDS } from "./learning/progress.ts";
import { readingView } from "./learning/reading-view.ts";
import { studentHomeCall } from "./learning/student-home.ts";
import { dataResponse, idParam, recordId, text } from "./validation.ts";

export * from "./learning/progress.ts";
export * from "./learning/reading-view.ts";
export * from "./learning/student-home.ts";

// ───────────────────────── Recording what a student does ─────────────────────────

export const learningMessages = {
  lesson: "Choose a lesson.",
  day: "Choose day 1, 2 or 3.",
  attempt: "Which attempt is this?",
  answers: "Answer the questions.",
  everyQuestion: "Answer every question.",
  seconds: `Send at most ${MAX_HEARTBEAT_SECONDS} seconds.`,
  kind: "Choose reading, comprehension or learning.",
  alreadySubmitted: "This attempt was already submitted.",
  extensionSubmitted: "Your answer was already handed in.",
  extensionMax: "Your answer can be at most 5000 characters.",
  play: "Which play of the track was this?",
  extensionEmpty: "Write your answer before you hand it in.",
} as const;

/** The longest day 4 answer; a page of writing is far less. */
export const EXTENSION_MAX_CHARS = 5000;
/** More answers than any day has questions is not an attempt. */
const MAX_ANSWERS = 50;

const lessonId = recordId({ message: learningMessages.lesson });

/**
 * POST /student/examSubmit: one day 1–3 attempt. `attempt` is the number of the attempt being
 * made (the home's `attempts` for the day plus one): it makes a double submit, at once or in
 * a row, store one attempt, since a second with the same number is refused.
 */
export const examSubmitRequest = z.strictObject({
  lesson: lessonId,
  day: z
    .number({ error: learningMessages.day })
    .int(learningMessages.day)
    .min(1, learningMessages.day)
    .max(3, learningMessages.day),
  attempt: z
    .number({ error: learningMessages.attempt })
    .int(learningMessages.attempt)
    .min(1, learningMessages.attempt)
    .max(1000, learningMessages.attempt),
  answers: z
    .array(z.strictObject({ question: recordId(), answer: recordId() }), {
      error: learningMessages.answers,
    })
    .min(1, learningMessages.answers)
    .max(MAX_ANSWERS, learningMessages.answers),
});
export type ExamSubmitRequest = z.input<typeof examSubmitRequest>;

export const examSubmitResponse = z.object({
  success: z.literal(true),
  day: z.number(),
  attempt: z.number(),
  correct: z.number(),
  solved: z.number(),
  percent: z.number().nullable(),
  /** Under 75 %: the student is asked to try again. */
  retake: z.boolean(),
  /** Now that the attempt is in: each question's chosen and correct answer. */
  results: z.array(
    z.object({
      question: z.number(),
      answer: z.number(),
      correctAnswer: z.number(),
      right: z.boolean(),
    }),
  ),
});
export type ExamSubmitResponse = z.infer<typeof examSubmitResponse>;

/**
 * POST /student/readAlong: the client played the lesson's track through. `play` is the id the
 * player made when that play started, so sending the same play again counts it once.
 */
export const readAlongRequest = z.strictObject({
  lesson: lessonId,
  play: z.uuid({ error: learningMessages.play }),
});
export const readAlongResponse = z.object({ success: z.literal(true), readAlongs: z.number() });

const seconds = z
  .number({ error: learningMessages.seconds })
  .int(learningMessages.seconds)
  .min(1, learningMessages.seconds)
  .max(MAX_HEARTBEAT_SECONDS, learningMessages.seconds);

/** POST /student/heartbeat: time spent in a lesson since the client's last heartbeat. */
export const studentHeartbeatRequest = z.strictObject({
  lesson: lessonId,
  kind: z.enum(STUDENT_TIME_KINDS, { error: learningMessages.kind }),
  seconds,
});
/** POST /teacher/heartbeat: time on the grading and report pages (teacher investment). */
export const teacherHeartbeatRequest = z.strictObject({ seconds });
export const heartbeatResponse = z.object({ success: z.literal(true), credited: z.number() });

const extensionText = text().max(EXTENSION_MAX_CHARS, learningMessages.extensionMax);
/** POST /student/extensionDraft and /student/extensionSubmit: the day 4 answer. */
export const extensionRequest = z.strictObject({ lesson: lessonId, text: extensionText });
/** Handing in needs an answer: a draft may be empty, what the teacher scores may not. */
export const extensionSubmitRequest = z.strictObject({
  lesson: lessonId,
  text: extensionText.refine((t) => t.trim().length > 0, learningMessages.extensionEmpty),
});
export const extensionResponse = z.object({
  success: z.literal(true),
  state: z.enum(["draft", "submitted"]),
  savedAt: z.string(),
});

/** A student's reading view, as saved and as answered. */
export const readingViewResponse = dataResponse(readingView);
export const readingViewParams = z.object({ studentId: idParam });

// ───────────────────────── Calls ─────────────────────────

export const learningCalls = {
  home: studentHomeCall,
  examSubmit: contract({
    tag: "learning",
    policy: "students",
    method: "POST",
    path: "/student/examSubmit",
    summary: "Hand in a day 1–3 attempt; answers with the score and the right answers",
    body: examSubmitRequest,
    response: examSubmitResponse,
  }),
  readAlong: contract({
    tag: "learning",
    policy: "students",
    method: "POST",
    path: "/student/readAlong",
    summary: "Count a read-along the student played through",
    body: readAlongRequest,
    response: readAlongResponse,
  }),
  studentHeartbeat: contract({
    tag: "learning",
    policy: "students",
    method: "POST",
    path: "/student/heartbeat",
    summary: "Time a student spent reading, answering or in a lesson",
    body: studentHeartbeatRequest,
    response: heartbeatResponse,
  }),
  teacherHeartbeat: contract({
    tag: "learning",
    policy: "classOwners",
    method: "POST",
    path: "/teacher/heartbeat",
    summary: "Time a teacher spent on the grading and report pages",
    body: teacherHeartbeatRequest,
    response: heartbeatResponse,
  }),
  extensionDraft: contract({
    tag: "learning",
    policy: "students",
    method: "POST",
    path: "/student/extensionDraft",
    summary: "Save the day 4 answer as typed",
    body: extensionRequest,
    response: extensionResponse,
  }),
  extensionSubmit: contract({
    tag: "learning",
    policy: "students",
    method: "POST",
    path: "/student/extensionSubmit",
    summary: "Hand in the day 4 answer for the teacher to score",
    body: extensionSubmitRequest,
    response: extensionResponse,
  }),
  readingView: contract({
    tag: "learning",
    policy: "students",
    method: "GET",
    path: "/student/readingView",
    summary: "The student's own reading view: text size, dyslexia-friendly layout, line focus",
    response: readingViewResponse,
  }),
  saveReadingView: contract({
    tag: "learning",
    policy: "students",
    method: "POST",
    path: "/student/readingView",
    summary: "Keep the reading view the student chose",
    body: readingView,
    response: readingViewResponse,
  }),
  studentReadingView: contract({
    tag: "learning",
    policy: "classOwners",
    method: "GET",
    path: "/teacher/students/:studentId/readingView",
    summary: "The reading view of one of the teacher's students",
    params: readingViewParams,
    response: readingViewResponse,
  }),
  saveStudentReadingView: contract({
    tag: "learning",
    policy: "classOwners",
    method: "POST",
    path: "/teacher/students/:studentId/readingView",
    summary: "Set the reading view of one of the teacher's students",
    params: readingViewParams,
    body: readingView,
    response: readingViewResponse,
  }),
};
