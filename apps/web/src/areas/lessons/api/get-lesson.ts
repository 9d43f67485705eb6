import { type CallOutput, lessonsCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export type LessonObjectResponse = CallOutput<typeof lessonsCalls.lesson>;

export const lessonQuery = (lessonId: number) =>
  callQuery(
    ["lessons", "lesson", lessonId],
    lessonsCalls.lesson,
    { params: { lessonId } },
    { staleTime: 10 * 60_000 },
  );

export const useLesson = (lessonId: number) => useQuery(lessonQuery(lessonId));
