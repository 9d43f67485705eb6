import { Anchor, Modal, Paper, Table } from "@mantine/core";
import type { ReactNode } from "react";
import { HeadAndRows } from "../../../components/list-table.tsx";

/**
 * A staff list whose rows each open one record (a lead, a message) in `RecordModal`: a click
 * anywhere on a row opens it, and the row's `OpenButton` is the way for a keyboard.
 */
export function OpeningTable({
  columns,
  children,
}: {
  columns: readonly string[];
  /** The rows (`Table.Tr` with an `onClick`). */
  children: ReactNode;
}) {
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={720} type="native">
        <Table striped highlightOnHover verticalSpacing="sm" style={{ cursor: "pointer" }}>
          <HeadAndRows columns={columns}>{children}</HeadAndRows>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** A row's name as a button that opens its record; the row's own click does not run twice. */
export function OpenButton({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  return (
    <Anchor
      component="button"
      type="button"
      fw={500}
      ta="left"
      onClick={(event) => {
        event.stopPropagation();
        onOpen();
      }}
    >
      {children}
    </Anchor>
  );
}

/** The opened record, or nothing while `record` is null. */
export function RecordModal<T>({
  record,
  title,
  onClose,
  children,
}: {
  record: T | null;
  title: (record: T) => string;
  onClose: () => void;
  children: (record: T) => ReactNode;
}) {
  return (
    <Modal opened={record !== null} onClose={onClose} size="lg" title={record && title(record)}>
      {record && children(record)}
    </Modal>
  );
}
