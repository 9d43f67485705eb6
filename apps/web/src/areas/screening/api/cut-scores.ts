import { type CutScoresInput, cutScoreCalls } from "@refrain/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** The district's own cut scores, beside the norms'. */
export const cutScoresQuery = () =>
  queryOptions({
    queryKey: ["screening", "cut-scores"],
    queryFn: () => api.data(cutScoreCalls.get),
  });

export const useCutScores = () => useQuery(cutScoresQuery());

/** Replaces the table; the tiers of every screening page follow. */
export function useSaveCutScores() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CutScoresInput) => api.call(cutScoreCalls.save, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(cutScoresQuery().queryKey, answer.data);
      void queryClient.invalidateQueries({ queryKey: ["screening", "class"] });
      void queryClient.invalidateQueries({ queryKey: ["screening", "summary"] });
    },
  });
}
