import { Button, Popover, Stack, Text } from "@mantine/core";
import type { ReadingView } from "@refrain/domain";
import { IconTypography } from "@tabler/icons-react";
import { useState } from "react";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { QueryState } from "../../../components/page-states.tsx";
import { ReadingViewFields } from "../../../components/reading-view-fields.tsx";
import { SavedCue } from "../../../components/saved-cue.tsx";
import { useSaveStudentReadingView, useStudentReadingView } from "../api/student-reading-view.ts";

/**
 * A student's reading view in their settings: how the lesson's words look to them in the player
 * and the recorder. Each choice is saved as it is made; the student may change it too.
 */
export function ReadingViewButton({ studentId, name }: { studentId: number; name: string }) {
  const [opened, setOpened] = useState(false);
  const view = useStudentReadingView(studentId, opened);
  const save = useSaveStudentReadingView(studentId);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  // The choice shows as it is made: the saved view comes back after a round trip.
  const [shown, setShown] = useState<ReadingView | null>(null);
  const label = `Reading view for ${name}`;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" width={320}>
      <Popover.Target>
        <Button
          size="compact-xs"
          variant="default"
          leftSection={<IconTypography size={16} aria-hidden />}
          aria-label={label}
          aria-expanded={opened}
          onClick={() => setOpened((o) => !o)}
        >
          Reading view
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={label}>
        <Stack gap="md">
          <Text fw={600}>{label}</Text>
          <QueryState query={view} loading="Loading the reading view...">
            {({ data }) => (
              <ReadingViewFields
                value={shown ?? data}
                onChange={(next) => {
                  setShown(next);
                  save.mutate(next, {
                    onSuccess: () => setSavedAt(Date.now()),
                    onError: () => setShown(null),
                  });
                }}
              />
            )}
          </QueryState>
          {save.error && <ErrorAlert error={save.error} />}
          <SavedCue savedAt={savedAt} name={name} />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
