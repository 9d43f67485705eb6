import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Stack, Text, Title } from "@mantine/core";
import { type NewPasswordForm, newPasswordForm, passwordResetMessages } from "@refrain/domain";
import { IconClockExclamation } from "@tabler/icons-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useParams } from "react-router";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { NewPasswordInput } from "../../../components/form-fields.tsx";
import { LoadError, PageLoader } from "../../../components/page-states.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { useResetToken } from "../api/check-reset-token.ts";
import { useResetPassword } from "../api/reset-password.ts";
import { AuthCard } from "../components/auth-card.tsx";

const GONE = 410;

/** The link from a password reset e-mail: choose a new password, then you are signed in. */
export function PasswordResetPage() {
  useDocumentTitle("Choose a New Password · Refrain");
  const token = useParams().token ?? "";
  const link = useResetToken(token);

  return (
    <AuthCard>
      <Stack gap="md">
        <Title order={1} fz={28}>
          Choose a new password
        </Title>
        {link.isPending ? (
          <PageLoader />
        ) : link.isError ? (
          link.error instanceof ApiError && link.error.status === GONE ? (
            <LinkExpired />
          ) : (
            <LoadError error={link.error} onRetry={() => void link.refetch()} />
          )
        ) : (
          <NewPasswordFields token={token} username={link.data.data.username} />
        )}
      </Stack>
    </AuthCard>
  );
}

function LinkExpired() {
  return (
    <Alert color="orange" variant="light" icon={<IconClockExclamation />} role="alert">
      <Text size="sm">{passwordResetMessages.expired}</Text>
      <Anchor component={Link} to="/password/reset" size="sm" fw={600}>
        Request a new link
      </Anchor>
    </Alert>
  );
}

function NewPasswordFields({ token, username }: { token: string; username: string }) {
  const reset = useResetPassword();
  const [leaving, setLeaving] = useState(false);
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const busy = reset.isPending || leaving;

  const onSubmit = form.handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: (answer) => {
          setLeaving(true);
          // A full load, so the page gets the new session and its CSRF tag from the server.
          window.location.assign(answer.redirect);
        },
        onError: (error) => applyFieldErrors(form, error, ["password"]),
      },
    ),
  );

  if (reset.error instanceof ApiError && reset.error.status === GONE) return <LinkExpired />;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text c="dimmed">
          For the account <strong>{username}</strong>. You will be signed out everywhere else.
        </Text>
        <ErrorAlert error={reset.error} />
        <input type="text" hidden readOnly autoComplete="username" value={username} />
        <NewPasswordInput
          form={form}
          name="password"
          label="New password"
          description="6 to 32 characters."
        />
        <NewPasswordInput form={form} name="confirmPassword" label="Confirm new password" />
        <Button type="submit" fullWidth disabled={busy}>
          {busy ? "Saving..." : "Save and Sign In"}
        </Button>
      </Stack>
    </form>
  );
}
