import {
  type RosterUpdateManyInput,
  type RosterUpdateManyResponse,
  rosterCalls,
} from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api.ts";
import { putStudents, studentsQuery } from "./list-students.ts";

export const updateStudents = (input: RosterUpdateManyInput): Promise<RosterUpdateManyResponse> =>
  api.call(rosterCalls.students.updateMany, { body: input });

/**
 * Changes the reading level or settings of one or several students (all or none) and puts the
 * changed students into the class list, which the roster reads too. A 404 means a student is
 * no longer in the class (deleted in another tab): the list is read again.
 */
export function useUpdateStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudents,
    onSuccess: ({ students }) => putStudents(queryClient, students),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 404)
        void queryClient.invalidateQueries({ queryKey: studentsQuery.queryKey });
    },
  });
}
