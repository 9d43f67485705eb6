import {
  type LeadMessageResponse,
  leadMessageResponse,
  type ProductFeedbackRequest,
} from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const sendFeedback = (body: ProductFeedbackRequest): Promise<LeadMessageResponse> =>
  api.post("/feedback", leadMessageResponse, body);

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });
