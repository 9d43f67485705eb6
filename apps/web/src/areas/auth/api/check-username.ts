import { authCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** Whether an adult already has `loginName` (an empty name counts as taken). */
export const usernameExists = (loginName: string): Promise<boolean> =>
  api.call(authCalls.usernameExists, { params: { loginName } });

export const usernameExistsQuery = (loginName: string) =>
  queryOptions({
    queryKey: ["auth", "username-exists", loginName.toLowerCase()],
    queryFn: () => usernameExists(loginName),
    // A failed check counts as invalid at once (access spec §5): no silent retries.
    retry: false,
    staleTime: 30_000,
  });

export const useUsernameExists = (loginName: string, enabled: boolean) =>
  useQuery({ ...usernameExistsQuery(loginName), enabled });
