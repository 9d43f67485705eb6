import { z } from "zod";
import { contract } from "./contract.ts";
import { lessonSummary } from "./lessons.ts";

/** A student's home page: who they are, their class and the lessons of their reading level. */
export const studentHomeResponse = z.object({
  success: z.literal(true),
  data: z.object({
    firstName: z.string(),
    teacherName: z.string(),
    level: z.object({ id: z.number(), name: z.string(), gradeLabel: z.string() }),
    lessons: z.array(lessonSummary),
    /** The teacher's message to this student (classroom spec "Student feedback form"), if any. */
    feedback: z.object({ message: z.string(), teacherName: z.string() }).nullable(),
  }),
});
export type StudentHomeResponse = z.infer<typeof studentHomeResponse>;

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
};
