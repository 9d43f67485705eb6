import { Group, Text, Transition, VisuallyHidden } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useEffect, useState } from "react";

/** Long enough to be seen after a Tab, short enough not to linger over the next edits. */
const VISIBLE_MS = 2500;

/**
 * A row's quiet "Saved" after an autosave: a check that fades after a moment. The status region
 * is always there, so screen readers announce the word when it appears; the student's name is
 * read with it because the focus may already be on the next row.
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
      <Transition mounted={shown} transition="fade" duration={150} exitDuration={600}>
        {(styles) => (
          <Group gap={4} wrap="nowrap" style={styles}>
            <IconCircleCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden />
            <Text size="sm" c="teal.8" fw={500}>
              Saved
              <VisuallyHidden>: {name}</VisuallyHidden>
            </Text>
          </Group>
        )}
      </Transition>
    </div>
  );
}
