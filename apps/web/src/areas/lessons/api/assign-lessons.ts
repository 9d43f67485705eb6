import {
  type AssignLessonsRequest,
  type AssignLessonsResponse,
  lessonsCalls,
} from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { assignmentStudentsQuery } from "./list-assignment-students.ts";

export const assignLessons = (body: AssignLessonsRequest): Promise<AssignLessonsResponse> =>
  api.call(lessonsCalls.assign, { body });

/** Saves the change; the page reloads the students itself before going back to step 1. */
export function useAssignLessons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignLessons,
    onSuccess: () => queryClient.refetchQueries({ queryKey: assignmentStudentsQuery.queryKey }),
  });
}
