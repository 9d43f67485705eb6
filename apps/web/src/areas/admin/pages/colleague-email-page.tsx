import { Paper, Stack, Text, Title } from "@mantine/core";
import { COMPANY } from "@refrain/domain";
import { TeacherEmailSummary } from "../../../components/teacher-email/teacher-email-summary.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";

/**
 * Tell a Colleague (classroom spec "Teacher email summary (colleague email)"): the teacher's
 * note and a summary of their class, e-mailed to the colleagues they name.
 */
export function ColleagueEmailPage() {
  useDocumentTitle(`Tell a Colleague · ${COMPANY.product}`);
  return (
    <Stack gap="lg" maw={800}>
      <div>
        <Title order={1}>Tell a Colleague</Title>
        <Text c="dimmed" mt={4}>
          Share how your class is doing with {COMPANY.product}. Your colleagues get your message, a
          summary of your class this school year and where to learn more; their replies come to you.
        </Text>
      </div>
      <Paper withBorder p="lg" radius="md">
        <TeacherEmailSummary view="colleague" />
      </Paper>
    </Stack>
  );
}
