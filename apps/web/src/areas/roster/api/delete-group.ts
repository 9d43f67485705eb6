import { type GroupsResponse, rosterCalls } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { groupsQuery } from "./list-groups.ts";

export const deleteGroup = (groupId: number): Promise<GroupsResponse> =>
  api.call(rosterCalls.groups.delete, { body: { groupId } });

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (answer) => queryClient.setQueryData(groupsQuery.queryKey, answer),
  });
}
