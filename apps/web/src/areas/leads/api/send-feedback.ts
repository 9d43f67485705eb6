import { type LeadMessageResponse, leadsCalls, type ProductFeedbackRequest } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const sendFeedback = (body: ProductFeedbackRequest): Promise<LeadMessageResponse> =>
  api.call(leadsCalls.feedback, { body });

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });
