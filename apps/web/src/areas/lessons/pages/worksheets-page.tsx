import {
  ActionIcon,
  Center,
  Group,
  Image,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { type WorksheetSortKey, worksheetRows } from "@refrain/domain";
import {
  IconChevronDown,
  IconChevronUp,
  IconFileTypePdf,
  IconSearch,
  IconSelector,
} from "@tabler/icons-react";
import { useState } from "react";
import { QueryState } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { useLessonsByLevel } from "../api/get-lessons-by-level.ts";

type Sort = { key: WorksheetSortKey; direction: "asc" | "desc" };

/**
 * Worksheets: every lesson's printable fluency worksheet, searchable and sortable. Benchmark
 * passages are left out; a failed load shows an empty table (classroom spec §8).
 */
export function WorksheetsPage() {
  const lessons = useLessonsByLevel();
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<Sort | undefined>();
  const rows = worksheetRows(lessons.data?.data ?? {}, search, sort);

  const sortBy = (key: WorksheetSortKey) =>
    setSort((current) =>
      current?.key === key
        ? { key, direction: current.direction === "asc" ? "desc" : "asc" }
        : { key, direction: "asc" },
    );

  return (
    <Stack gap="lg">
      <PageTitle>Worksheets</PageTitle>
      <TextInput
        label="Search worksheets"
        placeholder="Search by title or reading level"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      <Paper withBorder>
        <Table.ScrollContainer minWidth={560} type="native">
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={88}>Image</Table.Th>
                <SortableTh label="Title" column="title" sort={sort} onSort={sortBy} />
                <SortableTh
                  label="Reading Level"
                  column="reading_level"
                  sort={sort}
                  onSort={sortBy}
                />
                <Table.Th w={120} ta="center">
                  Worksheet
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <QueryState
                query={lessons}
                loading="Loading Lessons..."
                isEmpty={() => rows.length === 0}
                empty={
                  <Text c="dimmed" ta="center" py="lg">
                    {search.trim() && lessons.isSuccess
                      ? "No worksheets match your search."
                      : "No worksheets to show."}
                  </Text>
                }
                failedAsEmpty
                frame={(state) => (
                  <Table.Tr>
                    <Table.Td colSpan={4}>{state}</Table.Td>
                  </Table.Tr>
                )}
              >
                {() =>
                  rows.map((lesson) => (
                    <Table.Tr key={lesson.id}>
                      <Table.Td>
                        <Image src={lesson.logo} alt="" w={48} h={48} radius="md" />
                      </Table.Td>
                      <Table.Td fw={500}>{lesson.title}</Table.Td>
                      <Table.Td>{lesson.reading_level}</Table.Td>
                      <Table.Td>
                        <Center>
                          <Tooltip label="Open the worksheet (PDF)">
                            <ActionIcon
                              component="a"
                              href={lesson.worksheet}
                              target="_blank"
                              rel="noopener"
                              variant="light"
                              color="red"
                              size="lg"
                              aria-label={`${lesson.title} worksheet (PDF, opens in a new tab)`}
                            >
                              <IconFileTypePdf size={20} />
                            </ActionIcon>
                          </Tooltip>
                        </Center>
                      </Table.Td>
                    </Table.Tr>
                  ))
                }
              </QueryState>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}

function SortableTh({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: WorksheetSortKey;
  sort: Sort | undefined;
  onSort: (column: WorksheetSortKey) => void;
}) {
  const active = sort?.key === column;
  const Icon = !active ? IconSelector : sort.direction === "asc" ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th
      aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}
      p={0}
    >
      <UnstyledButton onClick={() => onSort(column)} px="md" py="sm" w="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} size="sm">
            {label}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
