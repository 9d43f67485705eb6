import { Anchor, Button, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { classWords, fluencyRecordingPossible } from "@refrain/domain";
import { IconMicrophone, IconRepeat, IconSettings, IconTrophy } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LoadError } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { useSession } from "../../../lib/session.ts";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { SETTINGS_PATH } from "../../account/index.ts";
import { TutorialPopup, WithTour } from "../../help/index.ts";
import { type RecordingsTab, useFluencyOverview } from "../api/recordings.ts";
import { reviewPath } from "../paths.ts";

/** The cycle each lesson's readings follow, in the words a teacher new to it needs. */
const CYCLE: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <IconMicrophone aria-hidden />,
    title: "1. Cold read",
    text: "Before the first read-along, the student records the passage once, unpracticed. It shows where they start.",
  },
  {
    icon: <IconRepeat aria-hidden />,
    title: "2. Practice",
    text: "Three read-alongs with the song: the student hears the words sung and read, and reads with them.",
  },
  {
    icon: <IconTrophy aria-hidden />,
    title: "3. Hot read",
    text: "After the third read-along, the student records the passage again. The comparison puts both side by side.",
  },
];

const COUNTS: {
  key: "new" | "graded" | "shared";
  label: string;
  tab: RecordingsTab;
  link: string;
}[] = [
  { key: "new", label: "New readings to grade", tab: "new", link: "Grade new videos" },
  { key: "graded", label: "Graded readings", tab: "all", link: "See all recordings" },
  { key: "shared", label: "Shared with families", tab: "all", link: "See all recordings" },
];

/** The class's counts of new, graded and shared readings, each leading to its list. */
function ClassCounts() {
  const overview = useFluencyOverview();
  if (overview.isError)
    return <LoadError error={overview.error} onRetry={() => void overview.refetch()} />;
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      {COUNTS.map(({ key, label, tab, link }) => (
        <Paper key={key} withBorder p="lg">
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {/* A dash until the counts arrive, so the cards keep their size. */}
          <Text fz={32} fw={700} aria-busy={overview.isPending || undefined}>
            {overview.data ? overview.data[key] : "–"}
          </Text>
          <Anchor component={Link} to={reviewPath(tab)} size="sm">
            {link}
          </Anchor>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * Fluency → Overview (classroom spec "Navigation menus", the Fluency group): what the readings
 * are for, how the class stands, and where recording is switched on.
 */
export function FluencyOverviewPage() {
  const user = useSession().data?.user;
  const role = useViewerRole();
  const words = classWords(role);
  // A parent's home class records no readings, and their Settings and Preferences has no
  // recording switch: the directions to it would lead them nowhere.
  const canRecord = role === null || fluencyRecordingPossible(role);
  return (
    <WithTour name="fluency_review">
      <Stack gap="lg">
        <TutorialPopup name="fluency_review" />
        <Stack gap="xs">
          <PageTitle>Fluency</PageTitle>
          <Text maw={720}>
            Students record themselves reading a lesson's passage twice: once cold, once after
            practice. You grade each reading (words per minute, errors and expression) and can share
            it with the family, so everyone hears the progress.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {CYCLE.map(({ icon, title, text }) => (
            <Paper key={title} withBorder p="lg">
              <Stack gap="xs">
                <Text c="teal.8">{icon}</Text>
                <Title order={2} fz="lg">
                  {title}
                </Title>
                <Text size="sm">{text}</Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
        <Stack
          gap="sm"
          component="section"
          aria-labelledby="class-readings"
          data-tour="fluency-readings"
        >
          <Title order={2} fz="xl" id="class-readings">
            {`Your ${words.classNoun}'s readings`}
          </Title>
          <ClassCounts />
        </Stack>
        <Paper
          withBorder
          p="lg"
          component="section"
          aria-labelledby="switch-on"
          data-tour="fluency-switch"
        >
          <Stack gap="xs" align="flex-start">
            <Title order={2} fz="lg" id="switch-on">
              Switching recording on
            </Title>
            {canRecord ? (
              <Text size="sm" maw={720}>
                In Settings and Preferences, turn on “Students record themselves reading”. Download
                the permission slip there, send it home, and tick that you have the parents' signed
                permission: students record only after that.
              </Text>
            ) : (
              <Text size="sm" maw={720}>
                Recording is for school classes, where a school administrator approves it: your
                children's lessons do not record readings.
              </Text>
            )}
            {user && canRecord && (
              <Button
                component={Link}
                to={SETTINGS_PATH.replace(":teacherId", String(user.id))}
                variant="light"
                leftSection={<IconSettings size={16} />}
              >
                Open Settings and Preferences
              </Button>
            )}
          </Stack>
        </Paper>
      </Stack>
    </WithTour>
  );
}
