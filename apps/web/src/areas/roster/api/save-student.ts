import { type RosterSaveResponse, type RosterStudentInput, rosterCalls } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { putStudents } from "./list-students.ts";

export const saveStudent = (student: RosterStudentInput): Promise<RosterSaveResponse> =>
  api.call(rosterCalls.students.save, { body: { student } });

/** Saves one row (creates it when it has no id) and puts the answer into the class list. */
export function useSaveStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStudent,
    onSuccess: ({ student }) => putStudents(queryClient, [student]),
  });
}
