import { privacyCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** This deployment's facts the privacy policy states (retention, sub-processors, contact). */
export const policyFactsQuery = queryOptions({
  queryKey: ["privacy", "policy"],
  queryFn: () => api.call(privacyCalls.policy),
  staleTime: 60 * 60_000,
});

export const usePolicyFacts = () => useQuery(policyFactsQuery);
