import { type GroupsResponse, moveStudent, rosterCalls } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { groupsQuery } from "./list-groups.ts";

export interface MoveStudent {
  studentId: number;
  /** 0 takes the student out of any group. */
  groupId: number;
}

export const placeStudent = ({ studentId, groupId }: MoveStudent): Promise<GroupsResponse> =>
  api.call(rosterCalls.groups.update, { body: { studentId, groupId } });

/** Moves at once on screen; the server's answer replaces it, a failure puts it back. */
export function useMoveStudent() {
  const queryClient = useQueryClient();
  const key = groupsQuery.queryKey;
  return useMutation({
    mutationFn: placeStudent,
    onMutate: async ({ studentId, groupId }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before)
        queryClient.setQueryData(key, {
          ...moveStudent(before, studentId, groupId),
          success: true,
        });
      return { before };
    },
    onError: (_error, _move, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}
