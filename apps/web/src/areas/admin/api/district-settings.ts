import {
  adminCalls,
  type DistrictSettingsInput,
  type DistrictSettingsResponse,
} from "@refrain/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const districtQuery = (districtId: number) =>
  queryOptions({
    queryKey: ["admin", "district", districtId],
    queryFn: (): Promise<DistrictSettingsResponse> =>
      api.call(adminCalls.district, { params: { districtId } }),
  });

export const useDistrict = (districtId: number) => useQuery(districtQuery(districtId));

export function useUpdateDistrict(districtId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DistrictSettingsInput) =>
      api.call(adminCalls.updateDistrict, { params: { districtId }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(districtQuery(districtId).queryKey, answer);
      // The district's name heads its summary page too.
      void queryClient.invalidateQueries({ queryKey: ["admin", "district-schools", districtId] });
    },
  });
}
