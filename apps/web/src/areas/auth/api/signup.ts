import { type SignupRequest, type SignupResponse, signupResponse } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const signUp = (body: SignupRequest): Promise<SignupResponse> =>
  api.post("/teacher/signup", signupResponse, body);

export const useSignUp = () => useMutation({ mutationFn: signUp });
