import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import type { ReactNode } from "react";
import { errorText } from "../lib/api.ts";

/**
 * Asks before what cannot be undone (a delete, a reset, a link turned off): `message` under
 * `title`, the confirming button red and named for what it does, the other "Cancel". The page
 * must sit under Mantine's ModalsProvider (components/with-confirmations.tsx).
 */
export function confirmDanger({
  title,
  message,
  confirm,
  onConfirm,
}: {
  title: string;
  message: ReactNode;
  confirm: string;
  onConfirm: () => void;
}) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm, cancel: "Cancel" },
    confirmProps: { color: "red" },
    onConfirm,
  });
}

/** A failed call's notification: what could not be done, and the server's text of why. */
export const notifyFailure = (title: string) => (error: unknown) =>
  notifications.show({ color: "red", title, message: errorText(error) });
