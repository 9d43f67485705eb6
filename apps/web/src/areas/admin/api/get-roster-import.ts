import { type CallOutput, rosterImportCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";
import { isUnderway } from "../roster-import-view.ts";

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
