import { type LessonsByLevelResponse, lessonsByLevelResponse } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const getLessonsByLevel = (): Promise<LessonsByLevelResponse> =>
  api.get("/teacher/lessons/assign/lessons_by_level", lessonsByLevelResponse);

export const lessonsByLevelQuery = queryOptions({
  queryKey: ["lessons", "by-level"],
  queryFn: getLessonsByLevel,
  // The catalog changes only when content is published.
  staleTime: 10 * 60_000,
});

export const useLessonsByLevel = () => useQuery(lessonsByLevelQuery);
