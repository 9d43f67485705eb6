import { z } from "zod";
import { contract } from "./contract.ts";
import { LOCK_REASONS, MAX_HEARTBEAT_SECONDS, STUDENT_TIME_KINDS } from "./learning/progress.ts";
import { readingView } from "./learning/reading-view.ts";
import { lessonSummary } from "./lessons/summary.ts";
import { dataResponse, idParam, recordId, text } from "./validation.ts";

export * from "./learning/progress.ts";
export * from "./learning/reading-view.ts";

/** Where a student is in one lesson, as the home shows it. */
export const lessonProgressSummary = z.object({
  lessonid: z.number(),
  readAlongs: z.number(),
  /** 3 with `require_3x`, else 0: how many read-alongs unlock the questions. */
  readAlongsRequired: z.number(),
  /** Days 1–3: the latest attempt's percent, the number of attempts, "try again" under 75 %. */
  days: z.array(
    z.object({
      day: z.number(),
      percent: z.number().nullable(),
      attempts: z.number(),
      retake: z.boolean(),
      /** Why the day cannot be taken yet, or null when it can. */
      locked: z.enum(LOCK_REASONS).nullable(),
    }),
  ),
  extension: z.object({
    state: z.enum(["none", "draft", "submitted"]),
    locked: z.enum(LOCK_REASONS).nullable(),
  }),
  /** The first step not done: `read`, a day 1–4, or `done`. */
  next: z.union([z.literal("read"), z.literal("done"), z.number()]),
  completed: z.boolean(),
});
export type LessonProgressSummary = z.infer<typeof lessonProgressSummary>;

/** A student's home page: who they are, their class and the lessons of their reading level. */
export const studentHomeResponse = dataResponse(
  z.object({
    firstName: z.string(),
    teacherName: z.string(),
    level: z.object({ id: z.number(), name: z.string(), gradeLabel: z.string() }),
    lessons: z.array(lessonSummary),
    /** The teacher's message to this student (classroom spec "Student feedback form"), if any. */
    feedback: z.object({ message: z.string(), teacherName: z.string() }).nullable(),
    /**
     * The lessons the teacher assigned and the student has not completed, oldest assignment
     * first: the home shows them before `lessons`. They may be of another level.
     */
    assignedLessons: z.array(lessonSummary),
    /**
     * Lessons of another level the teacher assigned and the student completed: still theirs to
     * open and look back at, after `lessons`.
     */
    finishedLessons: z.array(lessonSummary),
    /** What is left to do, for every lesson in `assignedLessons`, `lessons` and `finishedLessons`. */
    progress: z.array(lessonProgressSummary),
    /**
     * "Continue where I left off": the started, unfinished lesson worked in last (one the
     * teacher assigned before one the student chose), else the first assigned one; null if none.
     */
    continueLessonId: z.number().nullable(),
    /** `slow_video`, resolved: the player plays the lesson's track slower. */
    slowVideo: z.boolean(),
    /** The teacher's message to the whole class (`welcome_message`), or null when cleared. */
    welcomeMessage: z.string().nullable(),
    /**
     * False once the class's trial or subscription ended (docs/decisions/0024): the home says
     * so, and reading, answering and recording wait until the teacher renews.
     */
    classOpen: z.boolean(),
    /**
     * A progress-monitoring reading is due (issue 39): the lesson of their level to read cold,
     * one not read along yet. Null when none is due, or the class does not record.
     */
    checkIn: z.object({ lessonId: z.number(), overdue: z.boolean() }).nullable(),
    /**
     * A benchmark session's passages (issue 39): those the teacher assigned for the window open
     * today that the student has not read in it, in the home's order. The home leads to them
     * and the player from one to the next.
     */
    benchmarkToRead: z.array(lessonSummary),
  }),
);
export type StudentHomeResponse = z.infer<typeof studentHomeResponse>;

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
  home: contract({
    tag: "learning",
    policy: "students",
    method: "GET",
    path: "/learning/home",
    summary: "A student's home: class and lessons of their level",
    response: studentHomeResponse,
  }),
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
