import { type ExtensionAnswer, extensionAnswerCalls } from "@refrain/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export interface WhichAnswer {
  lesson_id: number;
  student_id: number;
}

const answerKey = (which: WhichAnswer) => ["reports", "extension-answer", which];

/** A student's handed-in day 4 answer with its score and comment (grading spec §2). */
export const useExtensionAnswer = (which: WhichAnswer) =>
  useQuery({
    queryKey: answerKey(which),
    queryFn: () => api.data(extensionAnswerCalls.review.load, { body: which }),
    // The form is filled once: a refetch on focus must not overwrite what the teacher typed.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Saves the comment and the score; the detailed report shows the new points on its next visit. */
export function useSaveExtensionReview(which: WhichAnswer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: { comment: string; score?: 1 | 2 | 3 }) =>
      api.call(extensionAnswerCalls.review.save, { body: { ...which, ...review } }),
    onSuccess: async (answer) => {
      queryClient.setQueryData<ExtensionAnswer>(answerKey(which), answer.data);
      await queryClient.invalidateQueries({
        queryKey: ["reports"],
        predicate: (query) => query.queryKey[1] !== "extension-answer",
      });
    },
  });
}
