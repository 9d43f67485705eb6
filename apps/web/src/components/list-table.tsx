import { Paper, Table } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A list of records as the app shows them: a bordered, striped table whose header cells do not
 * wrap, scrolling sideways below `minWidth` (a tablet held upright) instead of squeezing.
 */
export function ListTable({
  minWidth,
  head,
  children,
}: {
  minWidth: number;
  /** The header cells (`Table.Th`). */
  head: ReactNode;
  /** The rows (`Table.Tr`). */
  children: ReactNode;
}) {
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={minWidth} type="native">
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
