import { lessonsCalls, type ResourcesResponse } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const getResources = (): Promise<ResourcesResponse> => api.call(lessonsCalls.resources);

export const resourcesQuery = queryOptions({
  queryKey: ["lessons", "resources"],
  queryFn: getResources,
  staleTime: 10 * 60_000,
});

/** Only the sheets tab needs the data (classroom spec §7): `enabled` follows the tab. */
export const useResources = (enabled: boolean) => useQuery({ ...resourcesQuery, enabled });
