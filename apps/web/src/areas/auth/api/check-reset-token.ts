import { authCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

/** Whether a password reset link still works, and whose username it is for. */
export const resetTokenQuery = (token: string) =>
  callQuery(
    ["auth", "reset-token", token],
    authCalls.resetToken,
    { params: { token } },
    // An expired or used link stays so: asking again changes nothing.
    { retry: false },
  );

export const useResetToken = (token: string) => useQuery(resetTokenQuery(token));
