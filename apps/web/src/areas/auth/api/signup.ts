import { authCalls, type SignupRequest, type SignupResponse } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const signUp = (body: SignupRequest): Promise<SignupResponse> =>
  api.call(authCalls.signup, { body });

export const useSignUp = () => useMutation({ mutationFn: signUp });
