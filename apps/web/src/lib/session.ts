import { type SessionResponse, sessionCall } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "./call-query.ts";

/**
 * The session the page came with: the server writes the session call's answer into every page
 * (apps/server/src/plugins/spa.ts), so the first render shows the right page instead of a loader,
 * then the page again. Taken once: a session that ends without a page load (a deleted account
 * clears the cache) is asked for again, not read from the page. The Vite dev server's page, or a
 * server whose database failed, has none: the app asks then.
 */
function takeSessionInPage(): SessionResponse | undefined {
  const block = typeof document === "undefined" ? null : document.getElementById("session");
  if (!block?.textContent) return undefined;
  block.remove();
  const parsed = sessionCall.response.safeParse(JSON.parse(block.textContent));
  return parsed.success ? parsed.data : undefined;
}

// Who is signed in: the shell, the guards and nearly every area read it, so it sits below them.
export const sessionQuery = callQuery(
  ["auth", "session"],
  sessionCall,
  {},
  {
    // Who is signed in changes only with a full page load (sign-in, sign-out, impersonation).
    staleTime: Number.POSITIVE_INFINITY,
    initialData: takeSessionInPage,
  },
);

export const useSession = () => useQuery(sessionQuery);
