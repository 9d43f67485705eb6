import { type GroupsResponse, rosterCalls } from "@refrain/domain";
import { api } from "../../../lib/api.ts";
import { useGroupsChange } from "./list-groups.ts";

export const deleteGroup = (groupId: number): Promise<GroupsResponse> =>
  api.call(rosterCalls.groups.delete, { body: { groupId } });

export const useDeleteGroup = () => useGroupsChange(deleteGroup);
