import { type RosterAutocreateResponse, rosterCalls } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { putClass } from "./list-students.ts";

export const autocreateStudents = (count: number): Promise<RosterAutocreateResponse> =>
  api.call(rosterCalls.students.autocreate, { body: { count } });

/** Creates `count` students; the answer is the whole class, so the list takes it as is. */
export function useAutocreateStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: autocreateStudents,
    onSuccess: (answer) => putClass(queryClient, answer.students),
  });
}
