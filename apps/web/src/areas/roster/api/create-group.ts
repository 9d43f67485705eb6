import { type GroupsResponse, rosterCalls } from "@refrain/domain";
import { api } from "../../../lib/api.ts";
import { useGroupsChange } from "./list-groups.ts";

export const createGroup = (name: string): Promise<GroupsResponse> =>
  api.call(rosterCalls.groups.create, { body: { name } });

export const useCreateGroup = () => useGroupsChange(createGroup);
