import { type ApplyInput, rosterImportCalls } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { rosterImportQuery } from "./get-roster-import.ts";
import { rosterImportsKey } from "./list-roster-imports.ts";

/** Starts the apply job; the answer is the import, now applying, which the page then follows. */
export function useApplyRosterImport(importId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyInput) =>
      api.call(rosterImportCalls.apply, { params: { importId }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(rosterImportQuery(importId).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: rosterImportsKey });
    },
  });
}
