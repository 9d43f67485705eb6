import { type RosterStudent, rosterCalls } from "@refrain/domain";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export const studentsQuery = callQuery(["roster", "students"], rosterCalls.students.list);

export const useStudents = () => useQuery(studentsQuery);

/**
 * Students a call saved, in place of their rows in the list read before; one the list does not
 * hold yet (just created) goes at its end.
 */
export const putStudents = (queryClient: QueryClient, saved: RosterStudent[]) =>
  queryClient.setQueryData(studentsQuery.queryKey, (list) => {
    if (!list) return list;
    const byId = new Map(saved.map((s) => [s.id, s]));
    const listed = new Set(list.students.map((s) => s.id));
    return {
      ...list,
      students: [
        ...list.students.map((s) => byId.get(s.id) ?? s),
        ...saved.filter((s) => !listed.has(s.id)),
      ],
    };
  });

/** The whole class as a call answered it, in place of the list read before. */
export const putClass = (queryClient: QueryClient, students: RosterStudent[]) =>
  queryClient.setQueryData(studentsQuery.queryKey, { success: true as const, students });
