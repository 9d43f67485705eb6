import { Group, Loader, Paper, Stack, Text } from "@mantine/core";
import type { RecordingStatus } from "@refrain/domain";
import { IconAlertTriangle } from "@tabler/icons-react";
import { readyWhen } from "../media-readiness.ts";

/**
 * In place of a reading's player while its video is being made, with when it should be ready,
 * or when making it failed (`failedHint`: what the viewer can do about it).
 */
export function MediaNotice({
  status,
  readyInSeconds,
  failedHint,
}: {
  status: RecordingStatus;
  readyInSeconds: number | null;
  failedHint: string;
}) {
  const failed = status === "failed";
  return (
    <Paper withBorder p="sm" bg="gray.0" role="status">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {failed ? (
          <IconAlertTriangle size={20} color="var(--mantine-color-orange-8)" aria-hidden />
        ) : (
          <Loader size="sm" aria-hidden />
        )}
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {failed ? "This video could not be prepared" : "This video is being prepared"}
          </Text>
          <Text size="sm">{failed ? failedHint : readyWhen(readyInSeconds)}</Text>
        </Stack>
      </Group>
    </Paper>
  );
}
