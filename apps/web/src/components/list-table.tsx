import { Paper, Table, VisuallyHidden } from "@mantine/core";
import type { ComponentProps, ReactNode } from "react";

/**
 * A column of a `ListTable` by its name; an object where its cells align right (counts), where
 * only screen readers hear its name (a column of buttons needs no visible heading), or where it
 * keeps a share of the table's width (`width`, a CSS width): tables stacked one under another
 * then line their columns up, whatever each one's rows hold.
 */
export type Column = string | { name: string; align?: "right"; hiddenName?: true; width?: string };

/** The column of a row's buttons. */
export const ACTIONS_COLUMN: Column = { name: "Actions", hiddenName: true };

/** A column of numbers, aligned right so their digits line up. */
export const numberColumn = (name: string): Column => ({ name, align: "right" });

function HeadCell({ column }: { column: Column }) {
  if (typeof column === "string") return <Table.Th scope="col">{column}</Table.Th>;
  return (
    <Table.Th scope="col" ta={column.align} w={column.width}>
      {column.hiddenName ? <VisuallyHidden>{column.name}</VisuallyHidden> : column.name}
    </Table.Th>
  );
}

const nameOf = (column: Column) => (typeof column === "string" ? column : column.name);

/** A table's header row and its rows (`Table.Tr`), inside a `Table`. */
export function HeadAndRows({
  columns,
  head,
  children,
}: { children: ReactNode } & (
  | { columns: readonly Column[]; head?: never }
  | {
      /** The header cells (`Table.Th`), where they need more than `columns` says. */
      head: ReactNode;
      columns?: never;
    }
)) {
  return (
    <>
      <Table.Thead>
        <Table.Tr>
          {columns
            ? columns.map((column) => <HeadCell key={nameOf(column)} column={column} />)
            : head}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </>
  );
}

/**
 * A table's frame: bordered, scrolling sideways below `minWidth` (a tablet held upright, a
 * modal) instead of squeezing. The scrolling area takes focus, so a keyboard can scroll it too.
 * It is the positioned ancestor of its cells, so a visually hidden header label (absolutely
 * placed) or a sticky column stays inside it rather than widening the page.
 */
export function TableFrame({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  /** What the table lists, for a screen reader reaching its scrolling area. */
  label?: string;
  /** The `Table`. */
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
        {children}
      </Table.ScrollContainer>
    </Paper>
  );
}

/**
 * A list of records as the app shows them: a striped table whose header cells do not wrap
 * (unless `wrapHeadings`: a table of many short columns that must fit a tablet), in a
 * `TableFrame`.
 */
export function ListTable({
  minWidth,
  label,
  wrapHeadings = false,
  ...content
}: Omit<ComponentProps<typeof TableFrame>, "children"> &
  ComponentProps<typeof HeadAndRows> & { wrapHeadings?: boolean }) {
  return (
    <TableFrame minWidth={minWidth} label={label}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="xs"
        styles={{ th: { whiteSpace: wrapHeadings ? "normal" : "nowrap" } }}
        // Columns of a set width are kept to it, the others share what is left.
        layout={content.columns?.some((c) => typeof c !== "string" && c.width) ? "fixed" : "auto"}
      >
        <HeadAndRows {...content} />
      </Table>
    </TableFrame>
  );
}
