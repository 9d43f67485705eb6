import { Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { accountMessages, fullName } from "@refrain/domain";
import { useParams } from "react-router";
import { QueryState } from "../../../components/page-states.tsx";
import { useSettings } from "../api/settings.ts";
import { PreferencesCard } from "../components/preferences-card.tsx";

/**
 * My Settings and Preferences (classroom spec §2 "Teacher settings", §6): the account at a
 * glance and, for an actual teacher, the Student Accountability Preferences. The subscription,
 * login, information and how-I-teach cards come with the settings issue (#17).
 */
export function SettingsPage() {
  useDocumentTitle("Settings and Preferences · Refrain");
  // A path that names no number is nobody's account: the server answers it as not found.
  const teacherId = Number(useParams().teacherId) || 0;
  const settings = useSettings(teacherId);
  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>My Settings and Preferences</Title>
      <QueryState query={settings} loading={accountMessages.loading}>
        {(answer) => (
          <>
            <Paper withBorder p="lg" component="section" aria-labelledby="account-title">
              <Title order={2} fz="xl" id="account-title" mb="sm">
                My Account
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <AccountFact label="Name" value={fullName(answer.firstname, answer.lastname)} />
                <AccountFact label="Username" value={answer.username} />
                <AccountFact label="E-mail" value={answer.email || "None on file"} />
              </SimpleGrid>
            </Paper>
            {answer._is_actual_teacher && (
              <PreferencesCard
                teacherId={teacherId}
                saved={answer.student}
                fluencyRecordingPossible={answer.fluencyRecordingPossible}
              />
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function AccountFact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </div>
  );
}
