import {
  ActionIcon,
  Button,
  Group,
  Image,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { type RecordingRow, TRANSCODE_STATUS_TEXT } from "@refrain/domain";
import { IconPlayerPlay, IconRefresh, IconTrash, IconVideo } from "@tabler/icons-react";
import { useState } from "react";
import { ListTable } from "../../../components/list-table.tsx";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { errorText } from "../../../lib/api.ts";
import {
  inProgress,
  useDeleteRecording,
  useRecordings,
  useRetryRecording,
} from "../api/recordings.ts";
import { RecordingPlayer } from "../components/recording-player.tsx";
import classes from "../components/status-dots.module.css";
import { createdAt } from "../created-at.ts";

/** Grading spec §3: Delete is offered only for ungraded rows whose type contains "Read". */
const deletable = (row: RecordingRow) => row.graded_at === null && row.type.includes("Read");

/**
 * The teacher's Recorded Videos (grading spec §2 "Fluency review page", §4 "Recording list"):
 * the class's readings, newest first, each to play once processed. Grading comes later.
 */
export function RecordedVideosPage() {
  useDocumentTitle("Recorded Videos · Refrain");
  const recordings = useRecordings();
  const retry = useRetryRecording();
  const remove = useDeleteRecording();
  const [playing, setPlaying] = useState<RecordingRow | null>(null);

  const confirmDelete = (row: RecordingRow) =>
    modals.openConfirmModal({
      title: `Delete ${row.firstname} ${row.lastname}'s ${row.type}?`,
      children: <Text size="sm">{"Delete this recording?  This action cannot be undone!"}</Text>,
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(row.id, {
          onError: (error) =>
            notifications.show({
              color: "red",
              title: "The recording could not be deleted",
              message: errorText(error),
            }),
        }),
    });

  const action = (row: RecordingRow) => {
    if (row.status === "complete")
      return (
        <Button
          size="sm"
          leftSection={<IconPlayerPlay size={16} />}
          onClick={() => setPlaying(row)}
        >
          Play
        </Button>
      );
    if (row.status === "failed")
      return (
        <Group gap="xs">
          <Text size="sm" c="red.8">
            {row.transcode_status}
          </Text>
          <Button
            size="sm"
            variant="light"
            leftSection={<IconRefresh size={16} />}
            loading={retry.isPending && retry.variables === row.id}
            onClick={() =>
              retry.mutate(row.id, {
                onError: (error) =>
                  notifications.show({
                    color: "red",
                    title: "The recording could not be tried again",
                    message: errorText(error),
                  }),
              })
            }
          >
            Retry
          </Button>
        </Group>
      );
    return (
      <Text size="sm" c="dimmed" className={classes.dots} data-testid="transcode-status">
        {row.transcode_status || TRANSCODE_STATUS_TEXT[row.status]}
      </Text>
    );
  };

  return (
    <Stack gap="lg">
      <Title order={1}>Recorded Videos</Title>
      <QueryState
        query={recordings}
        loading="Loading..."
        isEmpty={(rows) => rows.length === 0}
        empty={
          <EmptyList
            icon={<IconVideo />}
            title="No fluency videos are available at this time"
            description="When your students record a reading in a lesson, it appears here."
          />
        }
      >
        {(rows) => (
          <ListTable
            minWidth={720}
            head={
              <>
                <Table.Th>
                  <VisuallyHidden>Picture</VisuallyHidden>
                </Table.Th>
                <Table.Th>Created At</Table.Th>
                <Table.Th>Student</Table.Th>
                <Table.Th>Lesson</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Action</Table.Th>
              </>
            }
          >
            {rows.map((row) => (
              <Table.Tr key={row.id} aria-busy={inProgress(row) || undefined}>
                <Table.Td w={112}>
                  {row.thumbnail_url ? (
                    <Image src={row.thumbnail_url} alt="" w={96} h={72} radius="sm" fit="cover" />
                  ) : (
                    <IconVideo aria-hidden color="var(--mantine-color-gray-5)" />
                  )}
                </Table.Td>
                <Table.Td>{createdAt(row.created_at)}</Table.Td>
                <Table.Td>
                  {row.firstname} {row.lastname}
                </Table.Td>
                <Table.Td>{row.lesson_title}</Table.Td>
                <Table.Td>{row.type}</Table.Td>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    {action(row)}
                    {deletable(row) && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Delete ${row.firstname} ${row.lastname}'s ${row.type}`}
                        onClick={() => confirmDelete(row)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </QueryState>
      <RecordingPlayer recording={playing} onClose={() => setPlaying(null)} />
    </Stack>
  );
}
