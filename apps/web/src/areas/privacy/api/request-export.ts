import { exportCalls } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { exportsKey } from "./list-exports.ts";

/** Starts an export of everything held about the student; the list then polls its progress. */
export function useRequestExport(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(exportCalls.request, { params: { studentId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportsKey(studentId) }),
  });
}
