import { lessonsCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export const assignmentStudentsQuery = callQuery(
  ["lessons", "assignment-students"],
  lessonsCalls.assignmentStudents,
);

export const useAssignmentStudents = () =>
  useQuery({ ...assignmentStudentsQuery, select: (answer) => answer.data });
