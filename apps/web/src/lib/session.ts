import { authCalls, type SessionResponse } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api.ts";

// Who is signed in: the shell, the guards and nearly every area read it, so it sits below them.
export const getSession = (): Promise<SessionResponse> => api.call(authCalls.session);

export const sessionQuery = queryOptions({
  queryKey: ["auth", "session"],
  queryFn: getSession,
  // Who is signed in changes only with a full page load (sign-in, sign-out, impersonation).
  staleTime: Number.POSITIVE_INFINITY,
});

export const useSession = () => useQuery(sessionQuery);
