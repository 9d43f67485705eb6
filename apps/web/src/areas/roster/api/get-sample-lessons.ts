import { rosterCalls, type SampleLessonsResponse } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const getSampleLessons = (): Promise<SampleLessonsResponse> =>
  api.call(rosterCalls.sampleLessons);

export const sampleLessonsQuery = queryOptions({
  queryKey: ["roster", "sample-lessons"],
  queryFn: getSampleLessons,
  staleTime: 10 * 60_000,
});

/** Loaded when the dialog opens, not with the page. */
export const useSampleLessons = (enabled: boolean) => useQuery({ ...sampleLessonsQuery, enabled });
