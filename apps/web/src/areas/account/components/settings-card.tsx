import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { FormEventHandler, ReactNode } from "react";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";

/**
 * One card of My Settings and Preferences: a titled section (its heading names it for screen
 * readers), a line on what it is for, and its fields, a form when it saves.
 */
export function SettingsCard({
  id,
  title,
  description,
  aside,
  onSubmit,
  children,
}: {
  /** Makes the heading's id, `${id}-title`. */
  id: string;
  title: string;
  description?: ReactNode;
  /** Beside the title: a state badge. */
  aside?: ReactNode;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const body = (
    <Stack gap="md">
      <div>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} fz="xl" id={`${id}-title`}>
            {title}
          </Title>
          {aside}
        </Group>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={`${id}-title`}>
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate>
          {body}
        </form>
      ) : (
        body
      )}
    </Paper>
  );
}

/** What a card's footer shows of its save. */
type SaveState = { isPending: boolean; error: Error | null } & (
  | { isSuccess: true; data: { message: string } }
  | { isSuccess: false }
);

/**
 * A saving card's footer: the last save's message until the next change, why a save failed,
 * and while the card has `changed`, Undo changes and Save (`label`) once the changes are valid.
 */
export function SaveFooter({
  save,
  changed,
  label,
  onUndo,
  valid,
}: {
  save: SaveState;
  changed: boolean;
  label: string;
  onUndo: () => void;
  valid: boolean;
}) {
  return (
    <>
      {save.isSuccess && !changed && <DoneAlert>{save.data.message}</DoneAlert>}
      <ErrorAlert error={save.error} />
      {changed && (
        <Group justify="flex-end">
          <Button variant="default" onClick={onUndo} disabled={save.isPending}>
            Undo changes
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!valid}>
            {label}
          </Button>
        </Group>
      )}
    </>
  );
}

/** What the account cards that change the sign-in know of the account. */
export interface AccountLogin {
  teacherId: number;
  username: string;
  impersonating: boolean;
}
