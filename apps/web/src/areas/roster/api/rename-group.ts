import { type GroupsResponse, groupsResponse } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { GROUPS_URL, groupsQuery } from "./list-groups.ts";

export const renameGroup = (input: { groupId: number; name: string }): Promise<GroupsResponse> =>
  api.post(GROUPS_URL, groupsResponse, { verb: "rename", ...input });

export function useRenameGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameGroup,
    onSuccess: (answer) => queryClient.setQueryData(groupsQuery.queryKey, answer),
  });
}
