import { screeningCalls, type WindowsInput } from "@refrain/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** A school year's benchmark windows as they apply to the caller's students. */
export const windowsQuery = (year: number) =>
  queryOptions({
    queryKey: ["screening", "windows", year],
    queryFn: () => api.data(screeningCalls.windows, { query: { year } }),
  });

export const useWindows = (year: number) => useQuery(windowsQuery(year));

export function useSaveWindows() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WindowsInput) => api.call(screeningCalls.saveWindows, { body }),
    onSuccess: (answer) =>
      queryClient.setQueryData(windowsQuery(answer.data.year).queryKey, answer.data),
  });
}
