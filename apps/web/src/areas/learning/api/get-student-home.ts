import { type StudentHomeResponse, studentHomeResponse } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const getStudentHome = (): Promise<StudentHomeResponse> =>
  api.get("/learning/home", studentHomeResponse);

export const studentHomeQuery = queryOptions({
  queryKey: ["learning", "home"],
  queryFn: getStudentHome,
});

export const useStudentHome = () => useQuery(studentHomeQuery);
