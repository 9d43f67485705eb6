import { learningCalls, type ReadingView } from "@refrain/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { callQuery, showAtOnce } from "../../../lib/call-query.ts";

/** The student's own reading view; it changes only when they or their teacher set it. */
export const readingViewQuery = callQuery(
  ["learning", "reading-view"],
  learningCalls.readingView,
  {},
  {
    staleTime: Number.POSITIVE_INFINITY,
  },
);

export const useReadingView = (enabled: boolean) => useQuery({ ...readingViewQuery, enabled });

/**
 * Keeps the view the student chose. The page shows the choice at once (set before the call);
 * a refusal puts the kept view back.
 */
export function useSaveReadingView() {
  const queryClient = useQueryClient();
  const key = readingViewQuery.queryKey;
  return useMutation({
    mutationFn: (view: ReadingView) => api.call(learningCalls.saveReadingView, { body: view }),
    ...showAtOnce<ReadingView>(queryClient, key),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}
