import { Group, Stack, Table, Text } from "@mantine/core";
import {
  CLASS_LIST_COLUMNS,
  CLASS_LIST_LABELS,
  type ClassListColumn,
  type FieldErrors,
  readingLevel,
} from "@refrain/domain";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";

/** One row of the pasted list as the preview shows it. */
export interface PreviewRow {
  line: number;
  cells: Record<ClassListColumn, string>;
  /** The username it gets: as typed, or made up (`generated`). */
  username: string;
  generated: boolean;
  /** The level it gets; null when its cell names none. */
  planid: number | null;
  /** Its problems by column, the browser's check and the server's refusal together. */
  errors: FieldErrors;
}

/** Addresses and usernames have no spaces to wrap at: they break anywhere rather than widen the table. */
const LONG_TEXT = { overflowWrap: "anywhere" } as const;

/** Each problem as a sentence that says which column it is about. */
function problemsOf(errors: FieldErrors): string[] {
  return Object.entries(errors).flatMap(([key, list]) => {
    const label = (CLASS_LIST_COLUMNS as readonly string[]).includes(key)
      ? `${CLASS_LIST_LABELS[key as ClassListColumn]}: `
      : "";
    return list.map((message) => `${label}${message}`);
  });
}

/**
 * The rows of a class list before they are created: what each student gets, and for each row a
 * green check or the roster's messages about it. Columns wrap rather than scroll, so the table
 * fits a tablet's dialog.
 */
export function ClassListPreview({ rows }: { rows: PreviewRow[] }) {
  return (
    <Table verticalSpacing={6} horizontalSpacing="xs" fz="sm" withTableBorder aria-label="Preview">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={48}>Line</Table.Th>
          <Table.Th>{CLASS_LIST_LABELS.firstname}</Table.Th>
          <Table.Th>{CLASS_LIST_LABELS.lastname}</Table.Th>
          <Table.Th>{CLASS_LIST_LABELS.username}</Table.Th>
          <Table.Th>{CLASS_LIST_LABELS.level}</Table.Th>
          <Table.Th>{CLASS_LIST_LABELS.parent_email}</Table.Th>
          <Table.Th w="30%">Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const problems = problemsOf(row.errors);
          return (
            <Table.Tr
              key={row.line}
              data-problem={problems.length > 0 || undefined}
              style={{ verticalAlign: "top" }}
            >
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>{row.cells.firstname}</Table.Td>
              <Table.Td>{row.cells.lastname}</Table.Td>
              <Table.Td style={LONG_TEXT}>
                {row.username}
                {row.generated && (
                  <Text span size="xs" c="dimmed" display="block">
                    generated
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {row.planid === null ? row.cells.level : readingLevel(row.planid)?.name}
              </Table.Td>
              <Table.Td style={LONG_TEXT}>{row.cells.parent_email}</Table.Td>
              <Table.Td>
                {problems.length === 0 ? (
                  <Group gap={4} c="teal.8" wrap="nowrap">
                    <IconCircleCheck size={18} aria-hidden />
                    <Text span size="sm" fw={500}>
                      Ready
                    </Text>
                  </Group>
                ) : (
                  <Group gap={4} c="red.8" wrap="nowrap" align="flex-start">
                    <IconAlertCircle size={18} aria-hidden style={{ flexShrink: 0 }} />
                    <Stack gap={2}>
                      {problems.map((problem) => (
                        <Text key={problem} size="sm">
                          {problem}
                        </Text>
                      ))}
                    </Stack>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
