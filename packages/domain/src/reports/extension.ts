import { z } from "zod";
import { type Contract, verbs } from "../contract.ts";
import { EXTENSION_RUBRIC } from "../lessons.ts";
import { dataResponse, messages, recordId, text } from "../validation.ts";

/**
 * Extension answer review (grading spec §2 "Extension answer review", §3 "Extension answer",
 * §4 "Extension review"): the teacher reads a handed-in day 4 answer, scores it 1–3 by the
 * rubric (classroom spec §3 "Rubric (day 4)") and leaves a comment.
 */

export const EXTENSION_COMMENT_MAX = 2000;

export const extensionAnswerMessages = {
  saved: "Comment saved!",
  score: "Choose a score of 1, 2 or 3.",
} as const;

/** The rubric's text for a score, stored beside it so the answer reads as it was scored. */
export function rubricText(score: number): string | null {
  return EXTENSION_RUBRIC.find((r) => r.points === score)?.description ?? null;
}

export const extensionAnswer = z.object({
  comment: z.string(),
  lessonTitle: z.string(),
  /** The lesson's day 4 prompt. */
  questionText: z.string(),
  response: z.string(),
  /** 1–3, or null while unscored. */
  score: z.number().nullable(),
  scoreText: z.string().nullable(),
  studentName: z.string(),
  /** When it was handed in (ISO 8601). */
  submittedAt: z.string(),
  /** The rubric the score is chosen from. */
  rubric: z.array(z.object({ points: z.number(), description: z.string() })),
});
export type ExtensionAnswer = z.infer<typeof extensionAnswer>;

const which = { lesson_id: recordId(), student_id: recordId() };

export const extensionAnswerCalls = {
  /** Grading spec §7 `POST /teacher/reports/extension_answer`. */
  review: verbs(
    {
      method: "POST",
      path: "/teacher/reports/extension_answer",
      tag: "reports",
      policy: "classOwners",
    },
    {
      load: {
        summary: "A student's handed-in extension answer with its score and comment",
        body: z.object({ verb: z.literal("load"), ...which }),
        response: dataResponse(extensionAnswer),
      },
      save: {
        summary: "Save the teacher's comment and, when sent, the rubric score (1–3)",
        body: z.object({
          verb: z.literal("save"),
          ...which,
          comment: text()
            .trim()
            .max(EXTENSION_COMMENT_MAX, messages.maxChars(EXTENSION_COMMENT_MAX)),
          score: z
            .union([z.literal(1), z.literal(2), z.literal(3)], {
              error: extensionAnswerMessages.score,
            })
            .optional(),
        }),
        response: z.object({
          success: z.literal(true),
          message: z.string(),
          data: extensionAnswer,
        }),
      },
    },
  ),
} satisfies Record<string, Record<string, Contract>>;
