import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { errorText } from "../../../lib/api.ts";
import { useTakeImpersonation } from "../../auth/index.ts";

/**
 * An admin's log-in as one of their people: the session becomes theirs, and a full load shows
 * their pages; a refusal is notified under `failureTitle`. `busyWith` is whom a log-in is under
 * way for, from the click until the page unloads, or null.
 */
export function useLogInAs(failureTitle: string) {
  const impersonate = useTakeImpersonation();
  const [leaving, setLeaving] = useState<number | null>(null);
  const logIn = (userid: number) =>
    impersonate.mutate(userid, {
      onSuccess: (taken) => {
        setLeaving(userid);
        // The session now belongs to that person: a full load shows their pages.
        window.location.assign(taken.redirect);
      },
      onError: (error) =>
        notifications.show({ color: "red", title: failureTitle, message: errorText(error) }),
    });
  const busyWith = leaving ?? (impersonate.isPending ? (impersonate.variables ?? null) : null);
  return { logIn, busyWith };
}
