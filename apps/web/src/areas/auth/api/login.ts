import { authCalls, type LoginRequest, type LoginResponse } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const login = (body: LoginRequest): Promise<LoginResponse> =>
  api.call(authCalls.login, { body });

export const useLogin = () => useMutation({ mutationFn: login });
