import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Component, type ReactNode } from "react";

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

/** Shows RouteErrorPage in place of whatever threw below it, until the address changes. */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ failed: false });
    }
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
