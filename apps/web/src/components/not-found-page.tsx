import { Button, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { PageTitle } from "./page-title.tsx";

export function NotFoundPage() {
  return (
    <Stack align="flex-start" gap="sm">
      <PageTitle>Page not found</PageTitle>
      <Text c="dimmed">
        There is no page at this address. It may have moved, or the link is wrong.
      </Text>
      <Button component={Link} to="/" variant="light">
        Go to my home page
      </Button>
    </Stack>
  );
}
