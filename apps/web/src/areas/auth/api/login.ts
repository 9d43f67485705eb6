import { type LoginRequest, type LoginResponse, loginResponse } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const login = (body: LoginRequest): Promise<LoginResponse> =>
  api.post("/login", loginResponse, body);

export const useLogin = () => useMutation({ mutationFn: login });
