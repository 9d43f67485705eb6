import {
  classScreeningCalls,
  fluencyCalls,
  type GroupOfBody,
  groupCalls,
  groupOfCall,
  reachScreeningCalls,
  type Season,
} from "@refrain/domain";
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { groupsQuery } from "../../roster/index.ts";

/** How often a session's page reads the class again. */
const LIVE_REFRESH_MS = 5000;

const windowQuery = (year: number, season: Season | null) => ({
  year,
  ...(season ? { season } : {}),
});

/**
 * A class in a benchmark window (the current one unless a season is chosen): the caller's own,
 * or, for an admin, a teacher's of their school or district.
 */
export const classScreeningQuery = (
  year: number,
  season: Season | null,
  teacherId?: number,
  /** A session under way: read again every few seconds, so its progress shows live. */
  live = false,
) =>
  queryOptions({
    refetchInterval: live ? LIVE_REFRESH_MS : false,
    queryKey: ["screening", "class", teacherId ?? "own", year, season],
    queryFn: () =>
      teacherId === undefined
        ? api.data(classScreeningCalls.own, { query: windowQuery(year, season) })
        : api.data(classScreeningCalls.ofTeacher, {
            params: { teacherId },
            query: windowQuery(year, season),
          }),
    placeholderData: keepPreviousData,
  });

export const useClassScreening = (
  year: number,
  season: Season | null,
  teacherId?: number,
  live = false,
) => useQuery(classScreeningQuery(year, season, teacherId, live));

/** Which page of a district's schools to list, by name (those whose name holds `search`). */
export interface SchoolList {
  search: string;
  page: number;
}

/**
 * An admin's school or district in a benchmark window; with `school`, one school of it, else
 * with a district's the page of its schools `list` asks for.
 */
export const reachScreeningQuery = (
  year: number,
  season: Season | null,
  school?: number,
  list: SchoolList = { search: "", page: 1 },
) =>
  queryOptions({
    queryKey: [
      "screening",
      "summary",
      year,
      season,
      ...(school ? [school] : ["all", list.search, list.page]),
    ],
    queryFn: () =>
      api.data(reachScreeningCalls.summary, {
        query: {
          ...windowQuery(year, season),
          ...(school
            ? { school }
            : { page: list.page, ...(list.search ? { search: list.search } : {}) }),
        },
      }),
    placeholderData: keepPreviousData,
  });

export const useReachScreening = (
  year: number,
  season: Season | null,
  school?: number,
  list?: SchoolList,
) => useQuery(reachScreeningQuery(year, season, school, list));

/** Assigns each student of the caller's class their grade's passages of a window. */
export function useAssignWindow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { year: number; season: Season; group_id?: number }) =>
      api.call(classScreeningCalls.assign, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["screening", "class"] }),
  });
}

/** Intervention groups suggested from a window's screening of the caller's class. */
export const suggestedGroupsQuery = (year: number, season: Season | null) =>
  queryOptions({
    queryKey: ["screening", "groups", year, season],
    queryFn: () => api.data(groupCalls.suggested, { query: windowQuery(year, season) }),
  });

export const useSuggestedGroups = (year: number, season: Season | null) =>
  useQuery(suggestedGroupsQuery(year, season));

/** Makes a suggested group (as edited) one of the class's groups. */
export function useAcceptGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupOfBody) => api.call(groupOfCall, { body }),
    // The Groups page shows the new group when next opened.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["screening", "groups"] }),
        queryClient.invalidateQueries({ queryKey: groupsQuery.queryKey }),
      ]),
  });
}

/** Re-opens a benchmark passage for one student: their ungraded reading of it goes. */
export function useReopenPassage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recordingId: number) =>
      api.call(fluencyCalls.reopenBenchmark, { params: { id: recordingId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["screening", "class"] }),
  });
}
