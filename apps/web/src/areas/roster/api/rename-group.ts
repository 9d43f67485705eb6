import { type GroupsResponse, rosterCalls } from "@refrain/domain";
import { api } from "../../../lib/api.ts";
import { useGroupsChange } from "./list-groups.ts";

export const renameGroup = (input: { groupId: number; name: string }): Promise<GroupsResponse> =>
  api.call(rosterCalls.groups.rename, { body: input });

export const useRenameGroup = () => useGroupsChange(renameGroup);
