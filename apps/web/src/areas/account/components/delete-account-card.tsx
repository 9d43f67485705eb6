import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { type AccountDeletion, accountDeletion, accountMessages } from "@refrain/domain";
import { IconAlertTriangle, IconInfoCircle } from "@tabler/icons-react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { FormPasswordInput, FormTextInput } from "../../../components/form-fields.tsx";
import { ApiError } from "../../../lib/api.ts";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import { useDeleteAccount } from "../api/settings.ts";
import { type AccountLogin, SettingsCard } from "./settings-card.tsx";

type Form = z.input<typeof accountDeletion>;

/**
 * Delete My Account (issue 19): the account, its students and everything Refrain holds about
 * them go for good, and a running subscription is cancelled. The username and password are
 * typed again in a dialog that says so; an admin acting as the account cannot do it.
 */
export function DeleteAccountCard({ teacherId, username, impersonating }: AccountLogin) {
  const [opened, { open, close }] = useDisclosure(false);
  const erase = useDeleteAccount(teacherId);
  const navigate = useNavigate();
  const form = useForm<Form, unknown, AccountDeletion>({
    resolver: zodResolver(accountDeletion),
    defaultValues: { username: "", current_password: "" },
  });

  const onSubmit = form.handleSubmit((values) => {
    erase.reset();
    erase.mutate(values, {
      onSuccess: (answer) => {
        notifications.show({ color: "green", message: answer.message });
        void navigate("/", { replace: true });
      },
      onError: (error) => applyFieldErrors(form, error),
    });
  });

  return (
    <SettingsCard
      id="delete-account"
      title="Delete My Account"
      description={
        <>
          Deletes your account and your students for good: their work, grades, recordings and every
          file made from them, and the emails about them. A subscription is canceled. To keep a
          student's records, export them first from their Privacy and data page.
        </>
      }
    >
      {impersonating ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle />}>
          {accountMessages.deleteNotWhileImpersonating}
        </Alert>
      ) : (
        <Group justify="flex-end">
          <Button color="red" variant="outline" onClick={open}>
            Delete my account…
          </Button>
        </Group>
      )}
      <Modal opened={opened} onClose={close} title="Delete your account?" size="lg" centered>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="note">
              Your account, your students and everything about them will be permanently deleted.
              This is not recoverable.
            </Alert>
            <Text size="sm">
              Type your username, <b>{username}</b>, and your password to confirm.
            </Text>
            <FormTextInput form={form} name="username" label="Username" autoComplete="off" />
            <FormPasswordInput
              form={form}
              name="current_password"
              label="Password"
              autoComplete="current-password"
            />
            {/* A refused username or password shows under its field; anything else here. */}
            {!(erase.error instanceof ApiError && erase.error.status === 422) && (
              <ErrorAlert error={erase.error} />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={erase.isPending}>
                Keep my account
              </Button>
              <Button type="submit" color="red" loading={erase.isPending}>
                Delete my account for good
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </SettingsCard>
  );
}
