import { z } from "zod";
import { contract } from "../contract.ts";
import { lessonSummary } from "../lessons/summary.ts";
import { dataResponse } from "../validation.ts";
import { LOCK_REASONS } from "./progress.ts";

// A student's home: apart from the other learning calls' schemas in learning.ts, so that the
// page every student opens first loads only its own (issue 40). learning.ts re-exports it, and its
// `learningCalls.home` is this module's call.

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

/** learningCalls.home. */
export const studentHomeCall = contract({
  tag: "learning",
  policy: "students",
  method: "GET",
  path: "/learning/home",
  summary: "A student's home: class and lessons of their level",
  response: studentHomeResponse,
});
