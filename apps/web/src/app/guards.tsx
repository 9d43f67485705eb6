import { Button, Stack, Text, Title } from "@mantine/core";
import { allows, type PolicyName } from "@refrain/domain";
import type { ReactNode } from "react";
import { Link, Navigate } from "react-router";
import { useSession } from "../lib/session.ts";
import { ViewerRoleContext } from "../lib/viewer-role.ts";

/**
 * A page for the roles of a policy (domain/src/policies.ts), the same one its calls' routes
 * name: signed-out visitors go to sign in, other roles are told no.
 */
export function RequirePolicy({ policy, children }: { policy: PolicyName; children: ReactNode }) {
  const user = useSession().data?.user;
  if (!user) return <Navigate to="/login" replace />;
  if (!allows(policy, user.role)) {
    return (
      <Stack align="flex-start" gap="sm">
        <Title order={1}>Not available</Title>
        <Text>You do not have access to this page.</Text>
        <Button component={Link} to="/" variant="light">
          Go to my home page
        </Button>
      </Stack>
    );
  }
  return <ViewerRoleContext value={user.role}>{children}</ViewerRoleContext>;
}

/** Sign-in pages: whoever is already signed in goes home. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const user = useSession().data?.user;
  return user ? <Navigate to="/" replace /> : children;
}
