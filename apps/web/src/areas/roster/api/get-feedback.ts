import { type FeedbackResponse, rosterCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const getFeedback = (studentId: number): Promise<FeedbackResponse> =>
  api.call(rosterCalls.feedback, { params: { studentId } });

export const feedbackQuery = (studentId: number) =>
  queryOptions({
    queryKey: ["roster", "feedback", studentId],
    queryFn: () => getFeedback(studentId),
  });

export const useFeedback = (studentId: number) => useQuery(feedbackQuery(studentId));
