import { privacyCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

/** The student a privacy page is about, if the caller reaches them (404 otherwise). */
export const studentPrivacyQuery = (studentId: number) =>
  callQuery(["privacy", "student", studentId], privacyCalls.student, { params: { studentId } });

export const useStudentPrivacy = (studentId: number) => useQuery(studentPrivacyQuery(studentId));
