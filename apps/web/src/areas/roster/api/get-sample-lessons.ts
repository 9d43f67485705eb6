import { rosterCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export const sampleLessonsQuery = callQuery(
  ["roster", "sample-lessons"],
  rosterCalls.sampleLessons,
  {},
  {
    staleTime: 10 * 60_000,
  },
);

/** Loaded when the dialog opens, not with the page. */
export const useSampleLessons = (enabled: boolean) => useQuery({ ...sampleLessonsQuery, enabled });
