import { type LessonsByLevelResponse, lessonsCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const getLessonsByLevel = (): Promise<LessonsByLevelResponse> =>
  api.call(lessonsCalls.lessonsByLevel);

export const lessonsByLevelQuery = queryOptions({
  queryKey: ["lessons", "by-level"],
  queryFn: getLessonsByLevel,
  // The catalog changes only when content is published.
  staleTime: 10 * 60_000,
});

export const useLessonsByLevel = () => useQuery(lessonsByLevelQuery);
