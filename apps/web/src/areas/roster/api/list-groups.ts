import { type GroupsResponse, rosterCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const listGroups = (): Promise<GroupsResponse> => api.call(rosterCalls.groups.list);

export const groupsQuery = queryOptions({ queryKey: ["roster", "groups"], queryFn: listGroups });

export const useGroups = () => useQuery(groupsQuery);
