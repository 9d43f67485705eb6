import { viewCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** A student's recordings with how long each is kept and who viewed it. */
export const studentViewsQuery = (studentId: number) =>
  queryOptions({
    queryKey: ["privacy", "student-views", studentId],
    queryFn: async () => (await api.call(viewCalls.student, { params: { studentId } })).data,
  });

export const useStudentViews = (studentId: number) => useQuery(studentViewsQuery(studentId));
