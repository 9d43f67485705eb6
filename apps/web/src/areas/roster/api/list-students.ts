import { type RosterListResponse, rosterCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const listStudents = (): Promise<RosterListResponse> => api.call(rosterCalls.students.list);

export const studentsQuery = queryOptions({
  queryKey: ["roster", "students"],
  queryFn: listStudents,
});

export const useStudents = () => useQuery(studentsQuery);
