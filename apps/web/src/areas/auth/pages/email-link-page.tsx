import { Button, Stack, Text, Title } from "@mantine/core";
import { EMAIL_LINK_EXPIRED, EMAIL_LINK_PARAM } from "@refrain/domain";
import { IconLogin2 } from "@tabler/icons-react";
import { useState } from "react";
import { Navigate, useParams } from "react-router";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useEmailLink } from "../api/use-email-link.ts";
import { AuthCard } from "../components/auth-card.tsx";

const GONE = 410;

/**
 * Where an e-mailed login link lands. Signing in takes a click: mail scanners open links
 * before people do, and a link that signed in on sight would be spent by them.
 */
export function EmailLinkPage() {
  useDocumentTitle("Sign In · Refrain");
  const token = useParams().token ?? "";
  const signIn = useEmailLink(token);
  const [leaving, setLeaving] = useState(false);

  if (signIn.error instanceof ApiError && signIn.error.status === GONE) {
    return <Navigate to={`/login?${EMAIL_LINK_PARAM}=${EMAIL_LINK_EXPIRED}`} replace />;
  }

  return (
    <AuthCard>
      <Stack gap="md">
        <Title order={1} fz={28}>
          Sign in to Refrain
        </Title>
        <Text c="dimmed">Your login link is ready. It works once.</Text>
        <ErrorAlert error={signIn.error} />
        <Button
          leftSection={<IconLogin2 size={18} />}
          loading={signIn.isPending || leaving}
          onClick={() =>
            signIn.mutate(undefined, {
              onSuccess: (answer) => {
                setLeaving(true);
                // A full load, so the page carries the signed-in session's CSRF token.
                window.location.assign(answer.redirect);
              },
            })
          }
        >
          Sign In
        </Button>
      </Stack>
    </AuthCard>
  );
}
