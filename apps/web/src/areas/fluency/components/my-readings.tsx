import { Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { gradingMessages } from "@refrain/domain";
import { IconPlayerPlay } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { Quote } from "../../../components/quote.tsx";
import { dateTimeText } from "../../../lib/date-text.ts";
import { useInBrowser } from "../../../lib/in-browser.ts";
import { useMyGradedReadings } from "../api/student-readings.ts";
import { MediaNotice } from "./media-notice.tsx";
import type { PlayableReading } from "./recording-player.tsx";

// The player (Mantine's Modal, its focus trap and scroll lock) loads once a Play button is
// reached for, not with the student's home.
const RecordingPlayer = lazy(() =>
  import("./recording-player.tsx").then((m) => ({ default: m.RecordingPlayer })),
);

/**
 * "My readings" on the student's home (issue 11, the student's side): each graded reading with
 * its measures and the teacher's feedback, to play again (or when its video will be ready, should
 * it be graded before it is made). Nothing shows until one is graded,
 * nor when the list cannot load (grading spec §8: other loading errors are only logged).
 */
export function MyReadings() {
  const readings = useMyGradedReadings();
  const [playing, setPlaying] = useState<PlayableReading | null>(null);
  const [playerWanted, setPlayerWanted] = useState(false);
  const wantPlayer = () => setPlayerWanted(true);
  // The server draws the student's home without knowing their time zone.
  const inBrowser = useInBrowser();
  if (!readings.data || readings.data.length === 0) return null;

  return (
    <Stack component="section" aria-labelledby="my-readings" gap="md">
      <Title order={2} fz="xl" id="my-readings">
        My readings
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {readings.data.map((reading) => (
          <Paper key={reading.id} withBorder p="lg">
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                {/* The title gives way to the Play button, which is never cut short. */}
                <Box flex={1} miw={0}>
                  <Title order={3} fz="lg">
                    {reading.lesson_title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {reading.type}
                    {inBrowser && ` · ${dateTimeText(reading.created_at)}`}
                  </Text>
                </Box>
                {reading.video_url && (
                  <Button
                    variant="light"
                    flex="none"
                    leftSection={<IconPlayerPlay size={16} />}
                    aria-label={`Play your ${reading.type} of ${reading.lesson_title}`}
                    onPointerEnter={wantPlayer}
                    onFocus={wantPlayer}
                    onClick={() => {
                      wantPlayer();
                      setPlaying({
                        title: `${reading.type}, ${reading.lesson_title}`,
                        label: "Your reading",
                        video_url: reading.video_url,
                        thumbnail_url: reading.thumbnail_url,
                      });
                    }}
                  >
                    Play
                  </Button>
                )}
              </Group>
              {!reading.video_url && reading.status !== "complete" && (
                <MediaNotice
                  status={reading.status}
                  readyInSeconds={reading.ready_in_seconds}
                  failedHint="Your teacher can try again; your grade is kept."
                />
              )}
              <Group gap="lg">
                <Text size="sm">
                  Words per minute: <b>{reading.wpm > 0 ? reading.wpm : "--"}</b>
                </Text>
                <Text size="sm">
                  Expression: <b>{reading.expression}/5</b>
                </Text>
              </Group>
              <Quote p="sm" size="sm">
                {reading.feedback || gradingMessages.noFeedback}
              </Quote>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      {playerWanted && (
        <Suspense fallback={null}>
          <RecordingPlayer recording={playing} onClose={() => setPlaying(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
