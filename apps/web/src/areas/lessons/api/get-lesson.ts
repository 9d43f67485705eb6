import { lessonObjectResponse } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api.ts";

export type LessonObjectResponse = z.infer<typeof lessonObjectResponse>;

export const getLesson = (lessonId: number): Promise<LessonObjectResponse> =>
  api.get(`/service/objects/lesson/${lessonId}`, lessonObjectResponse);

export const lessonQuery = (lessonId: number) =>
  queryOptions({
    queryKey: ["lessons", "lesson", lessonId],
    queryFn: () => getLesson(lessonId),
    staleTime: 10 * 60_000,
  });

export const useLesson = (lessonId: number) => useQuery(lessonQuery(lessonId));
