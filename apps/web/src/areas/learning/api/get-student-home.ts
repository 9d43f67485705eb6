import { learningCalls, type StudentHomeResponse } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const getStudentHome = (): Promise<StudentHomeResponse> => api.call(learningCalls.home);

export const studentHomeQuery = queryOptions({
  queryKey: ["learning", "home"],
  queryFn: getStudentHome,
});

export const useStudentHome = () => useQuery(studentHomeQuery);
