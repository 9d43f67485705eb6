import { consentCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** The caller's class with each student's parent permission and admin approval. */
export const consentOverviewQuery = queryOptions({
  queryKey: ["privacy", "consent"],
  queryFn: () => api.call(consentCalls.overview),
});

/** The class's students, each with their consents: all the consent page reads of the answer. */
export const useConsentStudents = () =>
  useQuery({ ...consentOverviewQuery, select: (answer) => answer.data.students });
