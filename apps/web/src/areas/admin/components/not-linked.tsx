import { Alert } from "@mantine/core";

/** An admin whose account has no school or district yet: the page has nothing to show. */
export function NotLinked({ to }: { to: "school" | "district" }) {
  return (
    <Alert color="orange" title={`No ${to}`}>
      Your account is not linked to a {to} yet. Please contact Refrain support.
    </Alert>
  );
}
