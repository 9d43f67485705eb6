import { privacyCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** The student a privacy page is about, if the caller reaches them (404 otherwise). */
export const studentPrivacyQuery = (studentId: number) =>
  queryOptions({
    queryKey: ["privacy", "student", studentId],
    queryFn: () => api.call(privacyCalls.student, { params: { studentId } }),
  });

export const useStudentPrivacy = (studentId: number) => useQuery(studentPrivacyQuery(studentId));
