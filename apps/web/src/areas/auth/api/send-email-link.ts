import { type EmailLinkRequest, type SentResponse, sentResponse } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const sendEmailLink = (body: EmailLinkRequest): Promise<SentResponse> =>
  api.post("/teacher/send_email_link", sentResponse, body);

export const useSendEmailLink = () => useMutation({ mutationFn: sendEmailLink });
