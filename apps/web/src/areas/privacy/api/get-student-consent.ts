import { consentCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** One student's consent records, withdrawn ones too. */
export const studentConsentQuery = (studentId: number) =>
  queryOptions({
    queryKey: ["privacy", "consent", "student", studentId],
    queryFn: () => api.call(consentCalls.studentRecords, { params: { studentId } }),
  });

export const useStudentConsent = (studentId: number) => useQuery(studentConsentQuery(studentId));
