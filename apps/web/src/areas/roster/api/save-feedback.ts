import { type FeedbackResponse, feedbackResponse } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { feedbackQuery } from "./get-feedback.ts";

export const saveFeedback = (studentId: number, message: string): Promise<FeedbackResponse> =>
  api.post(`/student/feedback/${studentId}`, feedbackResponse, { message });

export function useSaveFeedback(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => saveFeedback(studentId, message),
    onSuccess: (answer) => queryClient.setQueryData(feedbackQuery(studentId).queryKey, answer),
  });
}
