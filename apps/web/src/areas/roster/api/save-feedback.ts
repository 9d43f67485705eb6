import { type FeedbackResponse, rosterCalls } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { feedbackQuery } from "./get-feedback.ts";

export const saveFeedback = (studentId: number, message: string): Promise<FeedbackResponse> =>
  api.call(rosterCalls.saveFeedback, { params: { studentId }, body: { message } });

export function useSaveFeedback(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => saveFeedback(studentId, message),
    onSuccess: (answer) => queryClient.setQueryData(feedbackQuery(studentId).queryKey, answer),
  });
}
