import { Text } from "@mantine/core";
import type { Reading } from "@refrain/domain";

/** A reading's video, or the audio of a lyrics-only reading; a line when it is not processed yet. */
export function ReadingMedia({ reading }: { reading: Reading }) {
  const label = `${reading.firstname} ${reading.lastname}'s reading: ${reading.label}`;
  if (!reading.url) {
    return (
      <Text size="sm" c="dimmed">
        This reading is still being processed.
      </Text>
    );
  }
  return reading.lyrics_only ? (
    // biome-ignore lint/a11y/useMediaCaption: a student's recorded reading has no captions; the passage is the lesson's.
    <audio src={reading.url} controls style={{ width: "100%" }} aria-label={label} />
  ) : (
    // biome-ignore lint/a11y/useMediaCaption: a student's recorded reading has no captions; the passage is the lesson's.
    <video
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
