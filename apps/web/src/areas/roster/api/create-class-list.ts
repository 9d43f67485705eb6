import { type ClassListCells, type RosterAutocreateResponse, rosterCalls } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { putClass, studentsQuery } from "./list-students.ts";

export const createClassList = (students: ClassListCells[]): Promise<RosterAutocreateResponse> =>
  api.call(rosterCalls.students.createMany, { body: { students } });

/**
 * Creates the rows of a class list, all or none. The answer is the whole class, so the list
 * takes it as is; a refusal may come from a class that changed meanwhile (another tab), so the
 * list is read again and the preview checks the rows against it.
 */
export function useCreateClassList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClassList,
    onSuccess: (answer) => putClass(queryClient, answer.students),
    onError: () => queryClient.invalidateQueries({ queryKey: studentsQuery.queryKey }),
  });
}
