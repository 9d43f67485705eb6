import { privacyCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

/** This deployment's facts the privacy policy states (retention, sub-processors, contact). */
export const policyFactsQuery = callQuery(
  ["privacy", "policy"],
  privacyCalls.policy,
  {},
  {
    staleTime: 60 * 60_000,
  },
);

export const usePolicyFacts = () => useQuery(policyFactsQuery);
