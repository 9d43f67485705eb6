import { ActionIcon, Popover, Text } from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import { useState } from "react";
import { QueryState } from "../../../components/page-states.tsx";
import { useRecordingViews } from "../api/get-recording-views.ts";
import { ViewList } from "./view-list.tsx";

/**
 * "Viewed by" on a recording of the teacher's class (issue 19): an eye button opening who
 * watched it when, loaded when opened. `label` names the recording for a screen reader.
 */
export function ViewedByButton({ recordingId, label }: { recordingId: number; label: string }) {
  const [opened, setOpened] = useState(false);
  const views = useRecordingViews(recordingId, opened);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={340}
      position="bottom-end"
      withArrow
      shadow="md"
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`Viewed by: ${label}`}
          title="Viewed by"
          onClick={() => setOpened((o) => !o)}
        >
          <IconEye size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label={`Viewed by: ${label}`}>
        <Text fw={600} size="sm" mb="xs">
          Viewed by
        </Text>
        <QueryState query={views} loading="Loading views...">
          {(data) => <ViewList views={data} />}
        </QueryState>
      </Popover.Dropdown>
    </Popover>
  );
}
