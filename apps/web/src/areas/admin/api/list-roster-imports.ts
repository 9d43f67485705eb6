import { type CallOutput, rosterImportCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";
import { isUnderway } from "../roster-import-view.ts";

export type RosterImportList = CallOutput<typeof rosterImportCalls.list>["data"];

/** Every district's list shares this prefix: an upload, apply or discard refreshes them. */
export const rosterImportsKey = ["admin", "roster-imports"] as const;

/** The district's imports, newest first; staff name the district (none yet: the list of them). */
export const rosterImportsQuery = (districtId: number | undefined) =>
  callQuery(
    [...rosterImportsKey, districtId ?? null],
    rosterImportCalls.list,
    { query: { districtId } },
    {
      // An import being checked or applied changes its badge on its own.
      refetchInterval: (query) =>
        query.state.data?.data.imports.some((i) => isUnderway(i.status)) ? 2000 : false,
    },
  );

export const useRosterImports = (districtId: number | undefined) =>
  useQuery(rosterImportsQuery(districtId));

/** The district's imports alone, for the history table. */
export const useRosterImportList = (districtId: number | undefined) =>
  useQuery({ ...rosterImportsQuery(districtId), select: (answer) => answer.data.imports });
