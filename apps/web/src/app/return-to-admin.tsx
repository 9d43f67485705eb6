import { Badge, Button, Group } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { SessionUser } from "@refrain/domain";
import { IconArrowBackUp } from "@tabler/icons-react";
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

/**
 * While an admin impersonates someone, the header says so and keeps the way back in view: a
 * button, not only an entry of the account menu. The account's name is beside it already, so
 * narrower screens show the button alone.
 */
export function ImpersonationBar({ user }: { user: SessionUser }) {
  const { pending, returnToAdmin } = useReturnToAdmin();
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge color="orange" size="lg" tt="none" variant="light" visibleFrom="lg">
        IMPERSONATING {user.fullname}
      </Badge>
      <Button
        color="orange"
        variant="light"
        leftSection={<IconArrowBackUp size={18} />}
        loading={pending}
        onClick={returnToAdmin}
      >
        Return to Admin
      </Button>
    </Group>
  );
}
