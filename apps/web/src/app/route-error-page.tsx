import { Button, Container, Stack, Text, Title } from "@mantine/core";

/**
 * Shown when a page fails to render or its code cannot be fetched (after a new release the old
 * chunks are gone): a reload fetches the current app.
 */
export function RouteErrorPage() {
  return (
    <Container size="sm" py="xl">
      <Stack align="flex-start" gap="sm">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">This page could not be shown. Reloading usually fixes it.</Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Container>
  );
}
