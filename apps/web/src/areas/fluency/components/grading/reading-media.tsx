import { Group, Text } from "@mantine/core";
import type { Reading } from "@refrain/domain";
import { dayOf, KeptUntil, useRemovedOn, ViewedByButton } from "../../../privacy/index.ts";
import { MediaNotice } from "../media-notice.tsx";

/**
 * A reading's video, or the audio of a lyrics-only reading; while it is being made, when it
 * will be ready (or that it failed); a line once retention removed it. Below it, how long it is kept and who viewed it (issue 19).
 */
export function ReadingMedia({
  reading,
  mediaRef,
}: {
  reading: Reading;
  /** Receives the player, so a word of the passage can seek it (issue 20). */
  mediaRef?: (player: HTMLMediaElement | null) => void;
}) {
  const label = `${reading.firstname} ${reading.lastname}'s reading: ${reading.label}`;
  const removedOn = useRemovedOn(reading.id);
  return (
    <div>
      <Player reading={reading} label={label} removedOn={removedOn} mediaRef={mediaRef} />
      <Group justify="space-between" gap="xs" mt={4} wrap="nowrap">
        <KeptUntil recordingId={reading.id} />
        <ViewedByButton recordingId={reading.id} label={label} />
      </Group>
    </div>
  );
}

function Player({
  reading,
  label,
  removedOn,
  mediaRef,
}: {
  reading: Reading;
  label: string;
  removedOn: string | null;
  mediaRef?: (player: HTMLMediaElement | null) => void;
}) {
  if (removedOn) {
    return (
      <Text size="sm" c="dimmed">
        This video was removed on {dayOf(removedOn)} under the retention policy; its grades are
        kept.
      </Text>
    );
  }
  if (!reading.url) {
    return (
      <MediaNotice
        status={reading.status}
        readyInSeconds={reading.ready_in_seconds}
        failedHint="Use Retry beside it in Recorded Videos to try again."
      />
    );
  }
  return reading.lyrics_only ? (
    // biome-ignore lint/a11y/useMediaCaption: a student's recorded reading has no captions; the passage is the lesson's.
    <audio ref={mediaRef} src={reading.url} controls style={{ width: "100%" }} aria-label={label} />
  ) : (
    // biome-ignore lint/a11y/useMediaCaption: a student's recorded reading has no captions; the passage is the lesson's.
    <video
      ref={mediaRef}
      src={reading.url}
      poster={reading.thumbnail_url ?? undefined}
      controls
      playsInline
      preload="metadata"
      style={{ width: "100%", maxHeight: "20rem", borderRadius: 8, background: "black" }}
      aria-label={label}
    />
  );
}
