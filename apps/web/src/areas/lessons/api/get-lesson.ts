import { type CallOutput, lessonsCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export type LessonObjectResponse = CallOutput<typeof lessonsCalls.lesson>;

export const getLesson = (lessonId: number): Promise<LessonObjectResponse> =>
  api.call(lessonsCalls.lesson, { params: { lessonId } });

export const lessonQuery = (lessonId: number) =>
  queryOptions({
    queryKey: ["lessons", "lesson", lessonId],
    queryFn: () => getLesson(lessonId),
    staleTime: 10 * 60_000,
  });

export const useLesson = (lessonId: number) => useQuery(lessonQuery(lessonId));
