import { authCalls, type EmailLinkRequest, type SentResponse } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const sendEmailLink = (body: EmailLinkRequest): Promise<SentResponse> =>
  api.call(authCalls.sendEmailLink, { body });

export const useSendEmailLink = () => useMutation({ mutationFn: sendEmailLink });
