import { type GroupsResponse, rosterCalls } from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { groupsQuery } from "./list-groups.ts";

export const createGroup = (name: string): Promise<GroupsResponse> =>
  api.call(rosterCalls.groups.create, { body: { name } });

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: (answer) => queryClient.setQueryData(groupsQuery.queryKey, answer),
  });
}
