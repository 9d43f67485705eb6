import { adminCalls, type DistrictSettingsInput } from "@refrain/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { callQuery } from "../../../lib/call-query.ts";

export const districtQuery = (districtId: number) =>
  callQuery(["admin", "district", districtId], adminCalls.district, { params: { districtId } });

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
