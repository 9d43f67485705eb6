import { type CallOutput, rosterImportCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { isUnderway } from "../roster-import-view.ts";

export type RosterImportAnswer = CallOutput<typeof rosterImportCalls.detail>;

export const rosterImportQuery = (importId: number) =>
  queryOptions({
    queryKey: ["admin", "roster-import", importId],
    queryFn: () => api.call(rosterImportCalls.detail, { params: { importId } }),
    // Checking and applying run as jobs: the page follows them each second until they end.
    refetchInterval: (query) => {
      const status = query.state.data?.data.status;
      return status && isUnderway(status) ? 1000 : false;
    },
  });

export const useRosterImport = (importId: number) => useQuery(rosterImportQuery(importId));
