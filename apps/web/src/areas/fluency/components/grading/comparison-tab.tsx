import { Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { Reading, ReadingSet } from "@refrain/domain";
import { useRemovedOn } from "../../../privacy/index.ts";
import { ReadingMedia } from "./reading-media.tsx";

/** "-3 → -1": a measure of the cold read, then of the hot read; "--" for one not graded. */
function coldToHot(
  cold: Reading | undefined,
  hot: Reading | undefined,
  of: "accuracy" | "expression",
) {
  const shown = (reading: Reading | undefined) => (reading?.grade ? `${reading.grade[of]}` : "--");
  return `${shown(cold)} → ${shown(hot)}`;
}

function Measure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={600}>
        {value}
      </Text>
    </div>
  );
}

/**
 * The comparison tab of a stitched recording (grading spec §2): the cold and hot reads played
 * together, the lesson's words per minute, and the errors and expression from cold to hot.
 */
export function ComparisonTab({
  comparison,
  entries,
  onCancel,
  onShare,
}: {
  comparison: Reading;
  entries: ReadingSet["entries"];
  onCancel: () => void;
  onShare: (recordingId: number) => void;
}) {
  // Retention removed the video: there is nothing left to show a family.
  const removed = useRemovedOn(comparison.id) !== null;
  return (
    <Stack gap="md">
      <ReadingMedia reading={comparison} />
      <SimpleGrid cols={3} spacing="sm">
        <Measure label="Lesson words per minute" value={`${comparison.lesson.wordspermin}`} />
        <Measure
          label="Errors, cold to hot"
          value={coldToHot(entries.cold_read, entries.hot_read, "accuracy")}
        />
        <Measure
          label="Expression, cold to hot"
          value={coldToHot(entries.cold_read, entries.hot_read, "expression")}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={() => onShare(comparison.id)} disabled={removed}>
          Share with Parent
        </Button>
      </Group>
    </Stack>
  );
}
