import { type GroupsResponse, groupsResponse } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { GROUPS_URL, groupsQuery } from "./list-groups.ts";

export const createGroup = (name: string): Promise<GroupsResponse> =>
  api.post(GROUPS_URL, groupsResponse, { verb: "create", name });

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: (answer) => queryClient.setQueryData(groupsQuery.queryKey, answer),
  });
}
