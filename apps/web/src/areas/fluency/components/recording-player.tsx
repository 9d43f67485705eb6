import { Modal, Text } from "@mantine/core";
import type { RecordingRow } from "@refrain/domain";

/** A processed reading, played in a modal: the video, or the audio of a lyrics-only reading. */
export function RecordingPlayer({
  recording,
  onClose,
}: {
  recording: RecordingRow | null;
  onClose: () => void;
}) {
  const name = recording ? `${recording.firstname} ${recording.lastname}` : "";
  return (
    <Modal
      opened={recording !== null}
      onClose={onClose}
      size="xl"
      title={recording ? `${name}: ${recording.type}, ${recording.lesson_title}` : ""}
    >
      {recording?.video_url &&
        (recording.lyrics_only ? (
          // biome-ignore lint/a11y/useMediaCaption: a student's recorded reading has no captions; the passage is the lesson's.
          <audio
            src={recording.video_url}
            controls
            autoPlay
            style={{ width: "100%" }}
            aria-label={`${name}'s reading`}
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
            aria-label={`${name}'s reading`}
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
