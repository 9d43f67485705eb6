import { consentCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

/** One student's consent records, withdrawn ones too. */
export const studentConsentQuery = (studentId: number) =>
  callQuery(["privacy", "consent", "student", studentId], consentCalls.studentRecords, {
    params: { studentId },
  });

export const useStudentConsent = (studentId: number) => useQuery(studentConsentQuery(studentId));
