import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { Link } from "react-router";

export function StaffHome({ firstName }: { firstName: string }) {
  useDocumentTitle("Home · Refrain");
  return (
    <Paper withBorder p="xl" maw={640}>
      <Stack align="flex-start" gap="sm">
        <Title order={1}>Welcome, {firstName}</Title>
        <Text c="dimmed">Browse every lesson of the catalog, grouped by reading level.</Text>
        <Button component={Link} to="/lessons">
          All Lessons
        </Button>
      </Stack>
    </Paper>
  );
}
