import { type GroupsResponse, rosterCalls } from "@refrain/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export const groupsQuery = callQuery(["roster", "groups"], rosterCalls.groups.list);

export const useGroups = () => useQuery(groupsQuery);

/** A change to the groups: the server answers with every group, so the list takes it as is. */
export function useGroupsChange<Input>(change: (input: Input) => Promise<GroupsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (answer) => queryClient.setQueryData(groupsQuery.queryKey, answer),
  });
}
