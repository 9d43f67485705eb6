import { Group, Text, VisuallyHidden } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useEffect, useState } from "react";

/** Long enough to be seen after a Tab, short enough not to linger over the next edits. */
const VISIBLE_MS = 2500;

/**
 * A row's quiet "Saved" after an autosave: a check shown for a moment. The status region is
 * always there, so screen readers announce the word when it appears; the student's name is read
 * with it because the focus may already be on the next row. It does not fade: text halfway
 * through a fade fails the contrast it is written to pass, and axe measured it so.
 */
export function SavedCue({ savedAt, name }: { savedAt: number | null; name: string }) {
  const [shown, setShown] = useState(false);
  // Each save restarts the time the cue stays.
  useEffect(() => {
    if (savedAt === null) return;
    setShown(true);
    const timer = setTimeout(() => setShown(false), VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  return (
    <div role="status">
      {shown && (
        <Group gap={4} wrap="nowrap">
          <IconCircleCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden />
          <Text size="sm" c="teal.8" fw={500}>
            Saved
            <VisuallyHidden>: {name}</VisuallyHidden>
          </Text>
        </Group>
      )}
    </div>
  );
}
