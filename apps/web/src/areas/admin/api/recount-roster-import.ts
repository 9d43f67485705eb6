import { type RecountInput, rosterImportCalls } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { rosterImportQuery } from "./get-roster-import.ts";

/**
 * Counts the preview again with the admin's choices; the answer is the import, checking again,
 * which the page then follows until its new preview is ready.
 */
export function useRecountRosterImport(importId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecountInput) =>
      api.call(rosterImportCalls.recount, { params: { importId }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(rosterImportQuery(importId).queryKey, answer);
    },
  });
}
