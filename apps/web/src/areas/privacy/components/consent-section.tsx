import { Paper, Stack, Text, Title } from "@mantine/core";
import { ConsentHistory } from "./consent-history.tsx";

/**
 * The student privacy page's consent to record: the student's records with their history and
 * slips. The class owner withdraws here; admins read (the answer says who may change it).
 */
export function ConsentSection({
  studentId,
  name,
  ownsClass,
}: {
  studentId: number;
  name: string;
  ownsClass: boolean;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="consent-title">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h3" id="consent-title">
            Consent to record
          </Title>
          <Text size="sm" c="dimmed">
            {ownsClass
              ? "Record new consent for your class on the Recording Consent page."
              : "Only the student's teacher records or withdraws consent."}
          </Text>
        </div>
        <ConsentHistory studentId={studentId} name={name} />
      </Stack>
    </Paper>
  );
}
