import { type CallOutput, rosterImportCalls } from "@refrain/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";
import { isUnderway } from "../roster-import-view.ts";
import { rosterImportsKey } from "./list-roster-imports.ts";

export type RosterImportAnswer = CallOutput<typeof rosterImportCalls.detail>;

export const rosterImportQuery = (importId: number) =>
  callQuery(
    ["admin", "roster-import", importId],
    rosterImportCalls.detail,
    { params: { importId } },
    {
      // Checking and applying run as jobs: the page follows them each second until they end.
      refetchInterval: (query) => {
        const status = query.state.data?.data.status;
        return status && isUnderway(status) ? 1000 : false;
      },
    },
  );

export const useRosterImport = (importId: number) => useQuery(rosterImportQuery(importId));

/**
 * An upload, recount, apply or discard: each answers with the import as it is now, which its
 * page shows at once (and follows while it runs). Unless `listChanged` is false, the districts'
 * lists are read again too: an upload adds a row, an apply or a discard changes a badge.
 */
export function useImportChange<Input>(
  send: (input: Input) => Promise<RosterImportAnswer>,
  { listChanged = true } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData(rosterImportQuery(answer.data.id).queryKey, answer);
      if (listChanged) void queryClient.invalidateQueries({ queryKey: rosterImportsKey });
    },
  });
}
