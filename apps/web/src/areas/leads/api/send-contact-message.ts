import { type ContactRequest, type LeadMessageResponse, leadsCalls } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const sendContactMessage = (body: ContactRequest): Promise<LeadMessageResponse> =>
  api.call(leadsCalls.contact, { body });

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
