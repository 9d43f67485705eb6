import { Alert, Button, Center, Group, Loader, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { ApiError, errorText } from "../lib/api.ts";

/** Shown while a page or its data loads. */
export function PageLoader({ label = "Loading..." }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{label}</Text>
      </Group>
    </Center>
  );
}

/** A failed load, with its text from the server and, unless the server refused, a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const refused = error instanceof ApiError && error.status < 500;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Could not load this page">
      <Text size="sm">{errorText(error)}</Text>
      {onRetry && !refused && (
        <Button mt="sm" size="xs" variant="white" color="red" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}
