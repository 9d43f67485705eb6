import { type RosterDeleteResponse, rosterCalls } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { putClass } from "./list-students.ts";

export const deleteAllStudents = (): Promise<RosterDeleteResponse> =>
  api.call(rosterCalls.students.deleteAll, { body: { confirm: true } });

export function useDeleteAllStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAllStudents,
    onSuccess: () => putClass(queryClient, []),
  });
}
