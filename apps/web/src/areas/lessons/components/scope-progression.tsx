import { Anchor, Stack, Table, Text } from "@mantine/core";
import { ListTable } from "../../../components/list-table.tsx";
import { type LevelScope, type Range, rangeText, scaleOf } from "../scope-sequence.ts";
import { RangeBar } from "./scope-range-bar.tsx";

const LEXILE_COLOR = "var(--mantine-color-teal-6)";
const WPM_COLOR = "var(--mantine-color-indigo-5)";

/** A range as figures above its bar on the shared scale. */
function RangeCell({ range, scale, color }: { range: Range; scale: Range; color: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" style={{ fontVariantNumeric: "tabular-nums" }}>
        {rangeText(range)}
      </Text>
      <RangeBar range={range} scale={scale} color={color} />
    </Stack>
  );
}

/** The anchor of a level's section on the page. */
export const levelAnchor = (levelId: number) => `level-${levelId}`;

/**
 * How difficulty and tempo grow from level to level: each level's span of Lexile measures and
 * of read-along words per minute, drawn on one scale for all levels.
 */
export function ScopeProgression({ levels }: { levels: LevelScope[] }) {
  const lexileScale = scaleOf(
    levels.map((l) => l.lexile),
    100,
  );
  const wpmScale = scaleOf(
    levels.map((l) => l.wpm),
    10,
  );
  return (
    <Stack gap="xs">
      <ListTable
        minWidth={640}
        label="Progression by reading level"
        head={
          <>
            <Table.Th>Reading level</Table.Th>
            <Table.Th>Lessons</Table.Th>
            <Table.Th w="32%">Lexile</Table.Th>
            <Table.Th w="32%">Words per minute</Table.Th>
          </>
        }
      >
        {levels.map((level) => (
          <Table.Tr key={level.id}>
            <Table.Td>
              <Anchor href={`#${levelAnchor(level.id)}`} size="sm" fw={500}>
                {level.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{level.lessons.length}</Table.Td>
            <Table.Td>
              <RangeCell range={level.lexile} scale={lexileScale} color={LEXILE_COLOR} />
            </Table.Td>
            <Table.Td>
              <RangeCell range={level.wpm} scale={wpmScale} color={WPM_COLOR} />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <Text size="xs" c="dimmed">
        The bars share one scale per column: Lexile 0 to {lexileScale.max}, and 0 to {wpmScale.max}{" "}
        words per minute.
      </Text>
    </Stack>
  );
}
