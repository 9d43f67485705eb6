import { type GroupsResponse, groupsResponse } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const GROUPS_URL = "/teacher/students/groups";

export const listGroups = (): Promise<GroupsResponse> =>
  api.post(GROUPS_URL, groupsResponse, { verb: "list" });

export const groupsQuery = queryOptions({ queryKey: ["roster", "groups"], queryFn: listGroups });

export const useGroups = () => useQuery(groupsQuery);
