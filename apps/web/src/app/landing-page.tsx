import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconMusic } from "@tabler/icons-react";
import { Link } from "react-router";
import { BookCallButton } from "../areas/leads/components/welcome-modal.tsx";
import { useDocumentTitle } from "../lib/document-title.ts";

export function LandingPage() {
  useDocumentTitle("Refrain · Reading fluency with song lyrics");
  return (
    <Paper withBorder shadow="xs" p={{ base: "xl", sm: 48 }} maw={720} mx="auto" mt="xl">
      <Stack align="center" gap="lg" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconMusic size={34} />
        </ThemeIcon>
        <Title order={1}>Refrain</Title>
        <Text size="lg" c="dimmed" maw={520}>
          Reading fluency for schools: students read along with song-lyric lessons, three times, and
          grow into confident readers.
        </Text>
        <Group justify="center">
          <Button component={Link} to="/sign-up" size="md">
            Start a Free Trial
          </Button>
          <Button component={Link} to="/login" size="md" variant="default">
            Teacher Login
          </Button>
          <Button component={Link} to="/student/login" size="md" variant="light">
            Student Login
          </Button>
        </Group>
        <Group justify="center" gap="xs">
          <BookCallButton variant="subtle" />
          <Button component={Link} to="/pricing" variant="subtle">
            Pricing for Schools and Districts
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
