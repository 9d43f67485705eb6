import { lessonsCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export const lessonsByLevelQuery = callQuery(
  ["lessons", "by-level"],
  lessonsCalls.lessonsByLevel,
  {},
  {
    // The catalog changes only when content is published.
    staleTime: 10 * 60_000,
  },
);

export const useLessonsByLevel = () => useQuery(lessonsByLevelQuery);
