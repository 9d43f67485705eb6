import { type RosterListResponse, type RosterStudent, rosterCalls } from "@refrain/domain";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const listStudents = (): Promise<RosterListResponse> => api.call(rosterCalls.students.list);

export const studentsQuery = queryOptions({
  queryKey: ["roster", "students"],
  queryFn: listStudents,
});

export const useStudents = () => useQuery(studentsQuery);

/** The whole class as a call answered it, in place of the list read before. */
export const putClass = (queryClient: QueryClient, students: RosterStudent[]) =>
  queryClient.setQueryData(studentsQuery.queryKey, { success: true as const, students });
