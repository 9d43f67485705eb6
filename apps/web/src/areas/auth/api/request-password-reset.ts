import { authCalls, type PasswordResetRequest, type SentResponse } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const requestPasswordReset = (body: PasswordResetRequest): Promise<SentResponse> =>
  api.call(authCalls.requestPasswordReset, { body });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
