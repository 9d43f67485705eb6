import { Alert } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { errorText } from "../lib/api.ts";

/**
 * Why a form's last submission failed, as the one text every failed call shows (api.ts
 * `errorText`), announced to screen readers; nothing while `error` is null.
 */
export function ErrorAlert({ error, prefix = "" }: { error: unknown; prefix?: string }) {
  if (error === null || error === undefined) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
      {prefix}
      {errorText(error)}
    </Alert>
  );
}

/** What a form's last submission came to, such as the server's "Thanks, we will reply…". */
export function DoneAlert({
  children,
  icon = <IconCircleCheck />,
}: {
  children: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Alert color="teal" variant="light" icon={icon} role="status">
      {children}
    </Alert>
  );
}

/** A refusal that stays until the person dismisses it; nothing while `message` is null. */
export function DismissibleError({
  message,
  onDismiss,
}: {
  message: string | null;
  onDismiss: () => void;
}) {
  if (message === null) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle />}
      role="alert"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
    >
      {message}
    </Alert>
  );
}
