import {
  type ContactRequest,
  type LeadMessageResponse,
  leadMessageResponse,
} from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const sendContactMessage = (body: ContactRequest): Promise<LeadMessageResponse> =>
  api.post("/contact", leadMessageResponse, body);

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
