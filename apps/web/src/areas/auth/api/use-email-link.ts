import { authCalls } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const useEmailLink = (token: string) =>
  useMutation({
    mutationFn: () => api.call(authCalls.useEmailLink, { params: { token } }),
  });
