import { Modal, Text } from "@mantine/core";
import { useEffect, useState } from "react";

/** What the player needs of a reading, whether a teacher's row or a student's graded reading. */
export interface PlayableReading {
  /** The modal's title, e.g. "Cold Read, The Lion Sleeps Tonight". */
  title: string;
  /** The player's name for screen readers, e.g. "Your reading". */
  label: string;
  video_url: string | null;
  thumbnail_url: string | null;
  /** Sound only: played as audio (the M4A of a lyrics-only reading). */
  lyrics_only?: boolean;
  /** Seconds, once processed. */
  duration?: number | null;
}

/**
 * A processed reading, played in a modal: the video, or the audio of a lyrics-only reading.
 * Loaded lazily (my-readings.tsx), it may mount with a reading already chosen: it is drawn
 * closed first, then opened, so the modal opens as it always does and gives the focus back to
 * the Play button on closing.
 */
export function RecordingPlayer({
  recording,
  onClose,
}: {
  recording: PlayableReading | null;
  onClose: () => void;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Modal
      opened={recording !== null && mounted}
      onClose={onClose}
      size="xl"
      title={recording?.title ?? ""}
    >
      {recording?.video_url &&
        (recording.lyrics_only ? (
          // biome-ignore lint/a11y/useMediaCaption: a student's recorded reading has no captions; the passage is the lesson's.
          <audio
            src={recording.video_url}
            controls
            autoPlay
            style={{ width: "100%" }}
            aria-label={recording.label}
          />
        ) : (
          // biome-ignore lint/a11y/useMediaCaption: a student's recorded reading has no captions; the passage is the lesson's.
          <video
            src={recording.video_url}
            poster={recording.thumbnail_url ?? undefined}
            controls
            autoPlay
            playsInline
            style={{ width: "100%", borderRadius: 8, background: "black" }}
            aria-label={recording.label}
          />
        ))}
      {recording?.duration != null && (
        <Text size="sm" c="dimmed" mt="xs">
          {Math.round(recording.duration)} seconds
        </Text>
      )}
    </Modal>
  );
}
