import { zodResolver } from "@hookform/resolvers/zod";
import { Anchor, Button, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { type PasswordResetRequest, passwordResetRequest, SIGNUP_LIMITS } from "@refrain/domain";
import { IconMailCheck } from "@tabler/icons-react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";
import { useRequestPasswordReset } from "../api/request-password-reset.ts";

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
    <Paper withBorder shadow="xs" p="xl" maw={440} mx="auto" mt="xl">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} fz={28}>
              Forgot username or password?
            </Title>
            <Text c="dimmed" mt={4}>
              Enter the email address of your Teacher or Parent account. We will email you your
              username and a link to choose a new password.
            </Text>
          </div>
          {send.isSuccess && <DoneAlert icon={<IconMailCheck />}>{send.data.message}</DoneAlert>}
          <ErrorAlert error={send.error} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={SIGNUP_LIMITS.emailMax}
            error={form.formState.errors.email?.message}
            {...form.register("email")}
          />
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
    </Paper>
  );
}
