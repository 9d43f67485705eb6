import { lessonsCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export const resourcesQuery = callQuery(
  ["lessons", "resources"],
  lessonsCalls.resources,
  {},
  {
    staleTime: 10 * 60_000,
  },
);

/** Only the sheets tab needs the data (classroom spec §7): `enabled` follows the tab. */
export const useResources = (enabled: boolean) => useQuery({ ...resourcesQuery, enabled });
