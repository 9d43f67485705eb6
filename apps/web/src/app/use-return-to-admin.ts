import { notifications } from "@mantine/notifications";
import { useLeaveImpersonation } from "../areas/auth/api/leave-impersonation.ts";
import { errorText } from "../lib/api.ts";

/** Leaves the impersonated account for the admin's own (classroom spec: /impersonate/leave). */
export function useReturnToAdmin() {
  const leave = useLeaveImpersonation();
  return {
    pending: leave.isPending,
    returnToAdmin: () =>
      leave.mutate(undefined, {
        // Who is signed in changes on the server: a full load picks up the session everywhere.
        onSuccess: () => window.location.assign("/"),
        onError: (error) =>
          notifications.show({
            color: "red",
            title: "Could not return to your account",
            message: errorText(error),
          }),
      }),
  };
}
