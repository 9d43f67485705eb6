import { Text } from "@mantine/core";
import { useClassRetention } from "../api/get-class-retention.ts";
import { keptUntilText } from "../retention-text.ts";

/**
 * How long a recording of the teacher's class is kept (issue 19), from the one retention call
 * every row shares; nothing while it loads or if it failed, as the row is still usable.
 */
export function KeptUntil({ recordingId }: { recordingId: number }) {
  const kept = useClassRetention().data?.get(recordingId);
  if (!kept) return null;
  return (
    <Text size="xs" c={kept.purgedAt ? "orange.9" : "dimmed"} data-testid="kept-until">
      {keptUntilText(kept)}
    </Text>
  );
}

/** Whether retention removed this recording's media, and when (for the grading page's player). */
export function useRemovedOn(recordingId: number): string | null {
  return useClassRetention().data?.get(recordingId)?.purgedAt ?? null;
}
