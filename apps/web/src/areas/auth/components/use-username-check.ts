import { useDebouncedValue } from "@mantine/hooks";
import { signupMessages, signupUserName } from "@refrain/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { usernameExistsQuery, useUsernameExists } from "../api/check-username.ts";

export type UsernameStatus = "idle" | "checking" | "available" | "taken" | "failed";

/** The availability check waits this long after typing stops. */
const CHECK_DELAY_MS = 500;

const checkable = (name: string) => signupUserName.safeParse(name).success;

/**
 * The username availability check (access spec §4–5): it runs 500 ms after typing stops,
 * only for a name that is otherwise valid; taken and failed checks both count as invalid.
 */
export function useUsernameCheck(typed: string) {
  const name = typed.trim();
  const [settled] = useDebouncedValue(name, CHECK_DELAY_MS);
  const query = useUsernameExists(settled, checkable(settled));
  const queryClient = useQueryClient();

  let status: UsernameStatus;
  if (!checkable(name)) status = "idle";
  else if (settled !== name || query.isFetching) status = "checking";
  else if (query.isError) status = "failed";
  else if (query.data === true) status = "taken";
  else if (query.data === false) status = "available";
  else status = "checking";

  const problem =
    status === "taken"
      ? signupMessages.usernameTaken
      : status === "failed"
        ? signupMessages.usernameCheckFailed
        : undefined;

  /** On submit: the answer for `name` now, asking the server if it is not known yet. */
  const verify = useCallback(
    async (candidate: string): Promise<string | undefined> => {
      try {
        const exists = await queryClient.fetchQuery(usernameExistsQuery(candidate.trim()));
        return exists ? signupMessages.usernameTaken : undefined;
      } catch {
        return signupMessages.usernameCheckFailed;
      }
    },
    [queryClient],
  );

  return { status, problem, verify };
}
