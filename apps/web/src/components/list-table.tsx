import { Paper, Table } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A list of records as the app shows them: a bordered, striped table whose header cells do not
 * wrap, scrolling sideways below `minWidth` (a tablet held upright, a modal) instead of
 * squeezing. The scrolling area takes focus, so a keyboard can scroll it too. It is the
 * positioned ancestor of its cells, so a visually hidden header label (absolutely placed) stays
 * inside it rather than widening the page.
 */
export function ListTable({
  minWidth,
  label,
  head,
  children,
}: {
  minWidth: number;
  /** What the table lists, for a screen reader reaching its scrolling area. */
  label?: string;
  /** The header cells (`Table.Th`). */
  head: ReactNode;
  /** The rows (`Table.Tr`). */
  children: ReactNode;
}) {
  return (
    <Paper withBorder>
      <Table.ScrollContainer
        minWidth={minWidth}
        type="native"
        pos="relative"
        tabIndex={0}
        {...(label && { role: "region", "aria-label": label })}
      >
        <Table
          striped
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="sm"
          styles={{ th: { whiteSpace: "nowrap" } }}
        >
          <Table.Thead>
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
