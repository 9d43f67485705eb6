import { type GroupsResponse, groupsResponse } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { GROUPS_URL, groupsQuery } from "./list-groups.ts";

export const deleteGroup = (groupId: number): Promise<GroupsResponse> =>
  api.post(GROUPS_URL, groupsResponse, { verb: "delete", groupId });

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (answer) => queryClient.setQueryData(groupsQuery.queryKey, answer),
  });
}
