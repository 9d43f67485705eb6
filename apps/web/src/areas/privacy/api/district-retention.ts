import { type DistrictRetentionInput, retentionCalls } from "@refrain/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** The district's recording retention: its own days, or the product's default. */
export const districtRetentionQuery = (districtId: number) =>
  queryOptions({
    queryKey: ["privacy", "district-retention", districtId],
    queryFn: () => api.data(retentionCalls.district, { params: { districtId } }),
  });

export const useDistrictRetention = (districtId: number) =>
  useQuery(districtRetentionQuery(districtId));

export function useSaveDistrictRetention(districtId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DistrictRetentionInput) =>
      api.call(retentionCalls.updateDistrict, { params: { districtId }, body }),
    onSuccess: (answer) =>
      queryClient.setQueryData(districtRetentionQuery(districtId).queryKey, answer.data),
  });
}
