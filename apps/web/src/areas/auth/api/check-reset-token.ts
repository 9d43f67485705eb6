import { authCalls, type ResetTokenResponse } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** Whether a password reset link still works, and whose username it is for. */
export const checkResetToken = (token: string): Promise<ResetTokenResponse> =>
  api.call(authCalls.resetToken, { params: { token } });

export const resetTokenQuery = (token: string) =>
  queryOptions({
    queryKey: ["auth", "reset-token", token],
    queryFn: () => checkResetToken(token),
    // An expired or used link stays so: asking again changes nothing.
    retry: false,
  });

export const useResetToken = (token: string) => useQuery(resetTokenQuery(token));
