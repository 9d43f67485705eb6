import {
  type NewPasswordRequest,
  type PasswordChangedResponse,
  passwordChangedResponse,
} from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const resetPassword = ({
  token,
  ...body
}: NewPasswordRequest & { token: string }): Promise<PasswordChangedResponse> =>
  api.post(`/password/reset/${encodeURIComponent(token)}`, passwordChangedResponse, body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
