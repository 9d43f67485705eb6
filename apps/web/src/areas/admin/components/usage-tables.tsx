import { Badge, SimpleGrid, Stack, Table, Text, Title, type TitleOrder } from "@mantine/core";
import type { ConceptBlock, SchoolUsage, UsageTotals } from "@refrain/domain";
import { ListTable, numberColumn } from "../../../components/list-table.tsx";
import { formatCount, formatFigure, USAGE_FIGURES } from "../usage-figures.ts";

/** A period's column: its heading and its figures. */
export interface UsageColumn {
  label: string;
  totals: UsageTotals;
}

/** The six usage figures, one row each, with the periods side by side to compare. */
export function UsageFiguresTable({ label, columns }: { label: string; columns: UsageColumn[] }) {
  return (
    <ListTable
      minWidth={360}
      label={label}
      columns={["Figure", ...columns.map((column) => numberColumn(column.label))]}
    >
      {USAGE_FIGURES.map(({ key, label: figure, unit }) => (
        <Table.Tr key={key}>
          <Table.Td>{figure}</Table.Td>
          {columns.map((column) => (
            <Table.Td key={column.label} ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
              {formatFigure(unit, column.totals[key])}
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** Lessons read in the period by story genre, most read first. */
export function GenreTable({ genres, period }: { genres: SchoolUsage["genres"]; period: string }) {
  if (genres.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No lessons read by genre in the {period.toLowerCase()}.
      </Text>
    );
  const sorted = [...genres].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  return (
    <ListTable
      minWidth={240}
      label={`Lessons by genre, ${period.toLowerCase()}`}
      columns={["Genre", numberColumn("Lessons")]}
    >
      {sorted.map((genre) => (
        <Table.Tr key={genre.name}>
          <Table.Td>{genre.name}</Table.Td>
          <Table.Td ta="right">{formatCount(genre.count)}</Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** One block of concept scores: each concept's right answers and its coloured percentage. */
function ConceptTable({ block, headingOrder }: { block: ConceptBlock; headingOrder: TitleOrder }) {
  return (
    <Stack gap="xs">
      <Title order={headingOrder}>{block.title}</Title>
      <ListTable
        minWidth={300}
        label={block.title}
        columns={["Concept", numberColumn("Correct"), numberColumn("Percentage")]}
      >
        {block.concepts.map((concept) => (
          <Table.Tr key={concept.name}>
            <Table.Td>{concept.name}</Table.Td>
            <Table.Td ta="right">
              {formatCount(concept.correct)} / {formatCount(concept.total)}
            </Table.Td>
            <Table.Td ta="right">
              <Badge color={concept.color} variant="filled" miw={56}>
                {concept.percentage}%
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
    </Stack>
  );
}

/**
 * The concept blocks of a school. A school whose students spent no time in the period has
 * nothing to score (access spec §4), which the district page says in the spec's words.
 */
export function ConceptBlocks({
  blocks,
  noData,
  headingOrder,
}: {
  blocks: ConceptBlock[];
  noData: boolean;
  /** The level of each block's title on the page around it. */
  headingOrder: TitleOrder;
}) {
  if (noData)
    return (
      <Text size="sm" c="dimmed">
        No data recorded — concept summary unavailable
      </Text>
    );
  if (blocks.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No comprehension questions were answered in this period.
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {blocks.map((block) => (
        <ConceptTable key={block.title} block={block} headingOrder={headingOrder} />
      ))}
    </SimpleGrid>
  );
}
