import { viewCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** A student's recordings with how long each is kept and who viewed it. */
export const studentViewsQuery = (studentId: number) =>
  queryOptions({
    queryKey: ["privacy", "student-views", studentId],
    queryFn: () => api.data(viewCalls.student, { params: { studentId } }),
  });

export const useStudentViews = (studentId: number) => useQuery(studentViewsQuery(studentId));
