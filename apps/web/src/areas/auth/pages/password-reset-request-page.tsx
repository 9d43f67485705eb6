import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, Button, Stack, Text } from "@mantine/core";
import { type PasswordResetRequest, passwordResetRequest } from "@refrain/domain";
import { IconMailCheck } from "@tabler/icons-react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";
import { EmailInput } from "../../../components/form-fields.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useRequestPasswordReset } from "../api/request-password-reset.ts";
import { AuthCard, AuthHeading } from "../components/auth-card.tsx";

/** Forgot username or password? An e-mail with the username and a link to a new password. */
export function PasswordResetRequestPage() {
  useDocumentTitle("Forgot Username or Password · Refrain");
  const send = useRequestPasswordReset();
  const form = useForm<PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequest),
    defaultValues: { email: "" },
  });
  const onSubmit = form.handleSubmit((values) => send.mutate(values));

  return (
    <AuthCard>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <AuthHeading title="Forgot username or password?">
            Enter the email address of your Teacher or Parent account. We will email you your
            username and a link to choose a new password.
          </AuthHeading>
          {send.isSuccess && <DoneAlert icon={<IconMailCheck />}>{send.data.message}</DoneAlert>}
          <ErrorAlert error={send.error} />
          <EmailInput form={form} name="email" label="Email" />
          <Button type="submit" fullWidth disabled={send.isPending}>
            {send.isPending ? "Sending..." : "Email Me a Reset Link"}
          </Button>
          <Text size="sm" ta="center">
            Remembered it?{" "}
            <Anchor component={Link} to="/login">
              Back to login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
