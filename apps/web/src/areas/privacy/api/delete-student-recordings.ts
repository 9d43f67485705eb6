import { consentCalls } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** After a withdrawal: every recording of the student, and its files, deleted. */
export function useDeleteStudentRecordings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (studentId: number) =>
      api.call(consentCalls.deleteRecordings, { params: { studentId } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
