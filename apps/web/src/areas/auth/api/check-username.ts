import { authCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

/** Whether an adult already has `loginName` (an empty name counts as taken). */
export const usernameExistsQuery = (loginName: string) =>
  callQuery(
    ["auth", "username-exists", loginName.toLowerCase()],
    authCalls.usernameExists,
    { params: { loginName } },
    // A failed check counts as invalid at once (access spec §5): no silent retries.
    { retry: false, staleTime: 30_000 },
  );

export const useUsernameExists = (loginName: string, enabled: boolean) =>
  useQuery({ ...usernameExistsQuery(loginName), enabled });
