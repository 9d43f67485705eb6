import { type AssignmentStudentsResponse, lessonsCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const listAssignmentStudents = (): Promise<AssignmentStudentsResponse> =>
  api.call(lessonsCalls.assignmentStudents);

export const assignmentStudentsQuery = queryOptions({
  queryKey: ["lessons", "assignment-students"],
  queryFn: listAssignmentStudents,
});

export const useAssignmentStudents = () =>
  useQuery({ ...assignmentStudentsQuery, select: (answer) => answer.data });
