import { z } from "zod";
import { contract } from "../contract.ts";
import { dataResponse } from "../validation.ts";
import { mediaReadiness, processedMedia, recordingState } from "./recording-state.ts";

/** A graded reading on the student's own home page. */
export const gradedReading = z.object({
  id: z.number(),
  lesson_id: z.number(),
  lesson_title: z.string(),
  type: z.string(),
  created_at: z.string(),
  graded_at: z.string(),
  wpm: z.number(),
  cwpm: z.number().nullable(),
  accuracy_percent: z.number().nullable(),
  expression: z.number(),
  feedback: z.string(),
  /** How far its video's processing got: a graded reading may still wait for it. */
  status: recordingState.status,
  ...processedMedia,
  ...mediaReadiness,
});

/**
 * The student's graded readings (`gradingCalls.studentGraded`): apart from the grader's calls and
 * schemas, which a student's home page would otherwise download with it.
 */
export const studentGradedCall = contract({
  method: "GET",
  path: "/student/recordings",
  tag: "fluency",
  summary: "The student's graded readings with the teacher's feedback",
  policy: "students",
  response: dataResponse(z.array(gradedReading)),
});
