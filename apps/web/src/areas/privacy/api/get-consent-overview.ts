import { consentCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

/** The caller's class with each student's parent permission and admin approval. */
export const consentOverviewQuery = callQuery(["privacy", "consent"], consentCalls.overview);

/** The class's students, each with their consents: all the consent page reads of the answer. */
export const useConsentStudents = () =>
  useQuery({ ...consentOverviewQuery, select: (answer) => answer.data.students });
