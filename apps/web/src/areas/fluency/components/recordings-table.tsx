import { ActionIcon, Button, Group, Image, Loader, Table, Text } from "@mantine/core";
import { gradingMessages, type RecordingRow, TRANSCODE_STATUS_TEXT } from "@refrain/domain";
import { IconRefresh, IconTrash, IconVideo } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { ListTable } from "../../../components/list-table.tsx";
import { confirmDanger, notifyFailure } from "../../../components/notices.tsx";
import { KeptUntil, ViewedByButton } from "../../privacy/index.ts";
import { inProgress, useDeleteRecording, useRetryRecording } from "../api/recordings.ts";
import { createdAt } from "../created-at.ts";
import { readyWhenShort } from "../media-readiness.ts";
import { ROW_ACTION_LABELS, rowAction } from "../row-action.ts";
import classes from "./status-dots.module.css";

const fullName = (row: RecordingRow) => `${row.firstname} ${row.lastname}`;

/** The action column (grading spec §2): open the grader, or the processing's status. */
function RowActions({ row, onOpen }: { row: RecordingRow; onOpen: (id: number) => void }) {
  const retry = useRetryRecording();
  const remove = useDeleteRecording();
  const { kind, deletable, retriable } = rowAction(row);

  const confirmDelete = () =>
    confirmDanger({
      title: `Delete ${fullName(row)}'s ${row.type}?`,
      message: gradingMessages.deleteConfirm,
      confirm: "Delete",
      onConfirm: () =>
        remove.mutate(row.id, { onError: notifyFailure("The recording could not be deleted") }),
    });

  const retryButton = (
    <Button
      size="sm"
      variant="light"
      leftSection={<IconRefresh size={16} />}
      loading={retry.isPending}
      aria-label={`Retry processing: ${fullName(row)}, ${row.type}, ${row.lesson_title}`}
      onClick={() =>
        retry.mutate(row.id, { onError: notifyFailure("The recording could not be tried again") })
      }
    >
      Retry
    </Button>
  );
  let action: ReactNode;
  if (kind === "view" || kind === "grade" || kind === "compare")
    action = (
      <Button
        size="sm"
        variant={kind === "view" ? "light" : "filled"}
        leftSection={<IconVideo size={16} />}
        onClick={() => onOpen(row.id)}
        aria-label={`${ROW_ACTION_LABELS[kind]}: ${fullName(row)}, ${row.type}, ${row.lesson_title}`}
      >
        {ROW_ACTION_LABELS[kind]}
      </Button>
    );
  else if (kind === "failed")
    action = (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="red.8">
          {row.transcode_status}
        </Text>
        {retryButton}
      </Group>
    );
  else
    action = (
      <Text size="sm" c="dimmed" className={classes.dots} data-testid="transcode-status">
        {row.transcode_status || TRANSCODE_STATUS_TEXT[row.status]}
      </Text>
    );

  return (
    <Group gap="xs" wrap="wrap">
      {action}
      {retriable && kind !== "failed" && retryButton}
      <ViewedByButton
        recordingId={row.id}
        label={`${fullName(row)}'s ${row.type}, ${row.lesson_title}`}
      />
      {deletable && (
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={`Delete ${fullName(row)}'s ${row.type}`}
          loading={remove.isPending}
          onClick={confirmDelete}
        >
          <IconTrash size={18} />
        </ActionIcon>
      )}
    </Group>
  );
}

/**
 * The fluency lists' table (grading spec §2): Created At, Lesson, Type and the action column,
 * with the reading's picture (while it is made, when it will be ready) and, where the list mixes
 * students, the Student column.
 */
export function RecordingsTable({
  rows,
  onOpen,
  showStudent = true,
}: {
  rows: RecordingRow[];
  /** Opens the grading modal on a reading. */
  onOpen: (id: number) => void;
  showStudent?: boolean;
}) {
  return (
    <ListTable
      // Fits an upright tablet's 704 px of content, so no row's action is scrolled out of view.
      minWidth={showStudent ? 680 : 560}
      label="Recordings"
      columns={[
        { name: "Picture", hiddenName: true },
        "Created At",
        ...(showStudent ? ["Student"] : []),
        "Lesson",
        "Type",
        "Action",
      ]}
    >
      {rows.map((row) => (
        <Table.Tr key={row.id} aria-busy={inProgress(row) || undefined}>
          <Table.Td w={84}>
            {row.thumbnail_url ? (
              <Image src={row.thumbnail_url} alt="" w={72} h={54} radius="sm" fit="cover" />
            ) : inProgress(row) ? (
              <Loader size="sm" aria-hidden />
            ) : (
              <IconVideo aria-hidden color="var(--mantine-color-gray-5)" />
            )}
          </Table.Td>
          <Table.Td>{createdAt(row.created_at)}</Table.Td>
          {showStudent && <Table.Td>{fullName(row)}</Table.Td>}
          <Table.Td>{row.lesson_title}</Table.Td>
          <Table.Td>
            {row.type}
            <KeptUntil recordingId={row.id} />
            {inProgress(row) && (
              <Text size="xs" c="dimmed">
                {readyWhenShort(row.ready_in_seconds)}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <RowActions row={row} onOpen={onOpen} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
