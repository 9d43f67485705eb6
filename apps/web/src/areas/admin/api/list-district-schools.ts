import { type DistrictSchoolsResponse, districtSchoolsResponse } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const listDistrictSchools = (districtId: number): Promise<DistrictSchoolsResponse> =>
  api.get(`/district_admin/school_list/${districtId}`, districtSchoolsResponse);

export const districtSchoolsQuery = (districtId: number) =>
  queryOptions({
    queryKey: ["admin", "district-schools", districtId],
    queryFn: () => listDistrictSchools(districtId),
  });

export const useDistrictSchools = (districtId: number) =>
  useQuery(districtSchoolsQuery(districtId));
