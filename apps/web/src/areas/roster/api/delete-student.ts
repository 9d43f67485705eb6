import { type RosterDeleteResponse, rosterCalls } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { studentsQuery } from "./list-students.ts";

export const deleteStudent = (id: number): Promise<RosterDeleteResponse> =>
  api.call(rosterCalls.students.delete, { body: { student: { id } } });

export function useDeleteStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStudent,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData(studentsQuery.queryKey, (list) =>
        list ? { ...list, students: list.students.filter((s) => s.id !== id) } : list,
      ),
  });
}
