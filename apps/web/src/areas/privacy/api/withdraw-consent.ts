import { consentCalls } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** Withdraws a consent (its kind, for that student); answers how many recordings they have. */
export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recordId: number) => api.call(consentCalls.withdraw, { params: { recordId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["privacy", "consent"] }),
  });
}
