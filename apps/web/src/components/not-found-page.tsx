import { Button, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { Link } from "react-router";

export function NotFoundPage() {
  useDocumentTitle("Page not found · Refrain");
  return (
    <Stack align="flex-start" gap="sm">
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">
        There is no page at this address. It may have moved, or the link is wrong.
      </Text>
      <Button component={Link} to="/" variant="light">
        Go to my home page
      </Button>
    </Stack>
  );
}
