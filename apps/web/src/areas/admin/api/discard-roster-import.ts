import { rosterImportCalls } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { rosterImportQuery } from "./get-roster-import.ts";
import { rosterImportsKey } from "./list-roster-imports.ts";

/** Drops an import that was not applied, and its package. */
export function useDiscardRosterImport(importId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(rosterImportCalls.discard, { params: { importId } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(rosterImportQuery(importId).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: rosterImportsKey });
    },
  });
}
