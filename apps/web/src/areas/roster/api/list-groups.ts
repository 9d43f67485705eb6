import { type GroupsResponse, rosterCalls } from "@refrain/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const listGroups = (): Promise<GroupsResponse> => api.call(rosterCalls.groups.list);

export const groupsQuery = queryOptions({ queryKey: ["roster", "groups"], queryFn: listGroups });

export const useGroups = () => useQuery(groupsQuery);

/** A change to the groups: the server answers with every group, so the list takes it as is. */
export function useGroupsChange<Input>(change: (input: Input) => Promise<GroupsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (answer) => queryClient.setQueryData(groupsQuery.queryKey, answer),
  });
}
