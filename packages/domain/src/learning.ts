import { z } from "zod";
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
