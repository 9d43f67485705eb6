import { consentCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** The caller's class with each student's parent permission and admin approval. */
export const consentOverviewQuery = queryOptions({
  queryKey: ["privacy", "consent"],
  queryFn: () => api.call(consentCalls.overview),
});

export const useConsentOverview = () => useQuery(consentOverviewQuery);
