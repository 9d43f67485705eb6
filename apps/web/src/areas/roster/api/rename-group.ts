import { type GroupsResponse, rosterCalls } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { groupsQuery } from "./list-groups.ts";

export const renameGroup = (input: { groupId: number; name: string }): Promise<GroupsResponse> =>
  api.call(rosterCalls.groups.rename, { body: input });

export function useRenameGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameGroup,
    onSuccess: (answer) => queryClient.setQueryData(groupsQuery.queryKey, answer),
  });
}
