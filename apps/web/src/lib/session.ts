import { sessionCall } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "./call-query.ts";

// Who is signed in: the shell, the guards and nearly every area read it, so it sits below them.
export const sessionQuery = callQuery(
  ["auth", "session"],
  sessionCall,
  {},
  {
    // Who is signed in changes only with a full page load (sign-in, sign-out, impersonation).
    staleTime: Number.POSITIVE_INFINITY,
  },
);

export const useSession = () => useQuery(sessionQuery);
