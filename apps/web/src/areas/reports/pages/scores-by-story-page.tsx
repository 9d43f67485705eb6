import { Stack, Table, Text, Title, UnstyledButton } from "@mantine/core";
import {
  classWords,
  type StoryScoreRow,
  type StorySort,
  scoresByStoryCalls,
  shortcutRange,
  sortStoryRows,
} from "@refrain/domain";
import { IconBook, IconChevronDown, IconSelector } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { ListTable } from "../../../components/list-table.tsx";
import { type EmptyListText, QueryList } from "../../../components/query-list.tsx";
import { api } from "../../../lib/api.ts";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { localToday } from "../components/criteria-target.ts";
import { figure } from "../components/figure.ts";
import { ReportCriteria } from "../components/report-criteria.tsx";

const TARGET = "?start_date={start_date}&end_date={end_date}";

/** `students`: "students", "children", the class's own word. */
const noLessonsWorked = (students: string): EmptyListText => ({
  icon: <IconBook />,
  title: "No lessons worked in this range",
  description: `Choose a longer range, or come back once your ${students} have taken an exam.`,
});

/** The range in the URL, checked by the call's own schema; the school year when it has none. */
function useRangeParams() {
  const [params] = useSearchParams();
  const year = shortcutRange("school_year", localToday());
  const parsed = scoresByStoryCalls.rows.query.safeParse({
    start_date: params.get("start_date") ?? year.start,
    end_date: params.get("end_date") ?? year.end,
  });
  return parsed.success ? parsed.data : { start_date: year.start, end_date: year.end };
}

/** A column header that sorts the table; `aria-sort` tells a screen reader which one does. */
function SortHeader({
  label,
  by,
  sort,
  onSort,
}: {
  label: string;
  by: StorySort;
  sort: StorySort;
  onSort: (by: StorySort) => void;
}) {
  const active = sort === by;
  const Icon = active ? IconChevronDown : IconSelector;
  return (
    <Table.Th aria-sort={active ? (by === "title" ? "ascending" : "descending") : "none"}>
      <UnstyledButton
        onClick={() => onSort(by)}
        fw={600}
        fz="sm"
        style={{ display: "inline-flex", alignItems: "center", gap: 4 }}
      >
        {label}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

function StoryTable({ rows }: { rows: StoryScoreRow[] }) {
  const { studentsHeading } = classWords(useViewerRole());
  const [sort, setSort] = useState<StorySort>("title");
  return (
    <ListTable
      minWidth={760}
      label="Scores by story"
      head={
        <>
          <SortHeader label="Story" by="title" sort={sort} onSort={setSort} />
          <Table.Th>{studentsHeading}</Table.Th>
          <Table.Th>Completed</Table.Th>
          <Table.Th>Day 1</Table.Th>
          <Table.Th>Day 2</Table.Th>
          <Table.Th>Day 3</Table.Th>
          <SortHeader label="Average" by="overall" sort={sort} onSort={setSort} />
          <Table.Th>Extension</Table.Th>
        </>
      }
    >
      {sortStoryRows(rows, sort).map((row) => (
        <Table.Tr key={row.lesson_id}>
          <Table.Td fw={500}>{row.title}</Table.Td>
          <Table.Td>{row.students}</Table.Td>
          <Table.Td>{row.completed}</Table.Td>
          <Table.Td>{figure(row.day1, "%")}</Table.Td>
          <Table.Td>{figure(row.day2, "%")}</Table.Td>
          <Table.Td>{figure(row.day3, "%")}</Table.Td>
          <Table.Td fw={600}>{figure(row.overall, "%")}</Table.Td>
          <Table.Td>
            {row.extension === null
              ? "—"
              : `${row.extension} of 3 (${row.extension_scored} scored)`}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/**
 * Class Scores and Data → Scores by Story (issue 12 item 10): every lesson the class worked in
 * the range, with how many students worked and completed it and their average scores.
 */
export function ScoresByStoryPage() {
  useDocumentTitle("Scores by Story");
  const words = classWords(useViewerRole());
  const { pathname } = useLocation();
  const range = useRangeParams();
  const rows = useQuery({
    queryKey: ["reports", "scores-by-story", range.start_date, range.end_date],
    queryFn: () => api.data(scoresByStoryCalls.rows, { query: range }),
  });
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Scores by Story</Title>
        <Text c="dimmed">
          Each lesson your {words.classNoun} worked in the range. Day scores are each{" "}
          {words.student}'s latest exam attempt; the average is of the {words.students} who took all
          three days.
        </Text>
      </Stack>
      <ReportCriteria value={range} mode="change" target={`${pathname}${TARGET}`} />
      <QueryList
        query={rows}
        loading="Loading Scores by Story..."
        empty={noLessonsWorked(words.students)}
      >
        {(data) => <StoryTable rows={data} />}
      </QueryList>
    </Stack>
  );
}
