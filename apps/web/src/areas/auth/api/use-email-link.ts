import { redirectResponse } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const useEmailLink = (token: string) =>
  useMutation({
    mutationFn: () => api.post(`/auth/email-link/${encodeURIComponent(token)}`, redirectResponse),
  });
