import { Paper, Stack, Text, Title } from "@mantine/core";
import { COMPANY } from "@refrain/domain";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { FeedbackForm } from "../components/feedback-form.tsx";

/** Feedback (access spec screen 10), for visitors and signed-in users alike. */
export function FeedbackPage() {
  useDocumentTitle(`Feedback · ${COMPANY.product}`);
  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1}>Feedback</Title>
        <Text c="dimmed" mt={4}>
          Tell us what works, what does not, and what you would like to see next. Every message is
          read by our team.
        </Text>
      </div>
      <Paper withBorder p="lg" radius="md">
        <FeedbackForm />
      </Paper>
    </Stack>
  );
}
