import { type ResourcesResponse, resourcesResponse } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const getResources = (): Promise<ResourcesResponse> =>
  api.get("/teacher/resources", resourcesResponse);

export const resourcesQuery = queryOptions({
  queryKey: ["lessons", "resources"],
  queryFn: getResources,
  staleTime: 10 * 60_000,
});

/** Only the sheets tab needs the data (classroom spec §7): `enabled` follows the tab. */
export const useResources = (enabled: boolean) => useQuery({ ...resourcesQuery, enabled });
