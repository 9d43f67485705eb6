import { logoutCall } from "@refrain/domain";
import {
  onlineManager,
  type QueryClient,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** How long signing out waits for the page's calls under way, at most. */
const CALLS_UNDER_WAY_MS = 5000;

/** Resolves once none of the client's queries is fetching, or after `ms`. */
async function untilNoneFetching(queryClient: QueryClient, ms = CALLS_UNDER_WAY_MS) {
  const giveUpAt = Date.now() + ms;
  while (queryClient.isFetching() > 0 && Date.now() < giveUpAt)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * Signs out once none of the page's calls is under way, and lets none start after it (React
 * Query's queries pause while it counts the browser as offline): the page reloads as a
 * visitor's next, and a call the server answered after the session ended was only a 401 in the
 * console (a student's readings, refetched as a journey signed out on a busy machine). A failed
 * sign-out lets the queries go on.
 */
export async function logout(queryClient: QueryClient) {
  onlineManager.setOnline(false);
  try {
    await untilNoneFetching(queryClient);
    return await api.call(logoutCall);
  } catch (error) {
    onlineManager.setOnline(true);
    throw error;
  }
}

export const useLogout = () => {
  const queryClient = useQueryClient();
  // "always": not paused with the queries it pauses.
  return useMutation({ mutationFn: () => logout(queryClient), networkMode: "always" });
};
