import { type AssignmentStudentsResponse, assignmentStudentsResponse } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const listAssignmentStudents = (): Promise<AssignmentStudentsResponse> =>
  api.get("/teacher/lessons/assign/students", assignmentStudentsResponse);

export const assignmentStudentsQuery = queryOptions({
  queryKey: ["lessons", "assignment-students"],
  queryFn: listAssignmentStudents,
});

export const useAssignmentStudents = () => useQuery(assignmentStudentsQuery);
