import { Button, Modal, Stack, Text } from "@mantine/core";

/**
 * The student login's "Oops!" popup. A chunk of its own (the page loads it the first time it
 * is needed): Mantine's Modal brings its focus trap and scroll lock, which the login itself
 * does not need.
 */
export function OopsPopup({
  message,
  onClose,
}: {
  /** What went wrong; null while the popup is closed. */
  message: string | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={message !== null} onClose={onClose} title="Oops!" centered>
      <Stack>
        <Text>{message}</Text>
        <Button onClick={onClose} data-autofocus>
          OK
        </Button>
      </Stack>
    </Modal>
  );
}
