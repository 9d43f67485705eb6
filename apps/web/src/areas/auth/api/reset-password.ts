import { authCalls, type NewPasswordRequest, type PasswordChangedResponse } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const resetPassword = ({
  token,
  ...body
}: NewPasswordRequest & { token: string }): Promise<PasswordChangedResponse> =>
  api.call(authCalls.resetPassword, { params: { token }, body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
