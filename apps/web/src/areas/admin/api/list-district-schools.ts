import { adminCalls, type DistrictSchoolsResponse } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const listDistrictSchools = (districtId: number): Promise<DistrictSchoolsResponse> =>
  api.call(adminCalls.districtSchools, { params: { districtId } });

export const districtSchoolsQuery = (districtId: number) =>
  queryOptions({
    queryKey: ["admin", "district-schools", districtId],
    queryFn: () => listDistrictSchools(districtId),
  });

export const useDistrictSchools = (districtId: number) =>
  useQuery(districtSchoolsQuery(districtId));
