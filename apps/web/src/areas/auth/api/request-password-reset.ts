import { type PasswordResetRequest, type SentResponse, sentResponse } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const requestPasswordReset = (body: PasswordResetRequest): Promise<SentResponse> =>
  api.post("/password/reset", sentResponse, body);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
