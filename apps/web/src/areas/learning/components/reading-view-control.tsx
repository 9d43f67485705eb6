import { Button, Popover, Stack } from "@mantine/core";
import { DEFAULT_READING_VIEW, type ReadingView } from "@refrain/domain";
import { IconTypography } from "@tabler/icons-react";
import { useState } from "react";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { ReadingViewFields } from "../../../components/reading-view-fields.tsx";
import { useReadingView, useSaveReadingView } from "../api/reading-view.ts";

/**
 * The reading view of the player: a student's own, kept on the server as they change it; in a
 * teacher's preview, tried out here only (a preview saves nothing).
 */
export function usePlayerReadingView(student: boolean) {
  const kept = useReadingView(student);
  const save = useSaveReadingView();
  const [tried, setTried] = useState<ReadingView>(DEFAULT_READING_VIEW);
  return student
    ? {
        // Until the kept view arrives (or if it cannot), the words show in the default one.
        view: kept.data?.data ?? DEFAULT_READING_VIEW,
        change: (view: ReadingView) => save.mutate(view),
        error: save.error,
      }
    : { view: tried, change: setTried, error: null };
}

/** A small "Reading view" button whose panel changes text size, layout and line focus. */
export function ReadingViewControl({
  view,
  onChange,
  error,
}: {
  view: ReadingView;
  onChange: (view: ReadingView) => void;
  error: Error | null;
}) {
  return (
    <Popover position="bottom-end" shadow="md" width={320} trapFocus withArrow>
      <Popover.Target>
        <Button variant="default" leftSection={<IconTypography aria-hidden />} w="fit-content">
          Reading view
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label="Reading view">
        <Stack gap="md">
          <ReadingViewFields value={view} onChange={onChange} />
          {error && <ErrorAlert error={error} />}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
