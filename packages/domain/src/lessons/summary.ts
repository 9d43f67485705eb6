import { z } from "zod";

export const lessonSummary = z.object({
  lessonid: z.number(),
  ltitle: z.string(),
  logo_url: z.string(),
  gradeLabel: z.string(),
  planid: z.number(),
  storygenre: z.string(),
  subject: z.string(),
  musicgenre: z.string(),
  lexile_measure: z.number(),
  wordspermin: z.number(),
});
export type LessonSummary = z.infer<typeof lessonSummary>;
