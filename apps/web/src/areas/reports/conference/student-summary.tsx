import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import {
  GOAL_STATUS_MEANINGS,
  ORF_NORMS_SOURCE,
  type StudentReport,
  shownDate,
} from "@refrain/domain";
import { ListTable } from "../../../components/list-table.tsx";
import { figure } from "../components/figure.ts";
import { GOAL_COLORS, GOAL_LABELS } from "../components/goal-badge.tsx";

/** How many lessons the summary lists: the most recent ones; the PDF holds them all. */
const RECENT_LESSONS = 8;

/** The goal status, what it was judged on and what it means (decision 0018). */
export function GoalPanel({ report }: { report: StudentReport }) {
  const { goal, student } = report;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="conference-goal">
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={2} fz="lg" id="conference-goal">
            Fluency goal
          </Title>
          <Badge color={GOAL_COLORS[goal.status]} variant="light" tt="none" size="lg">
            {GOAL_LABELS[goal.status]}
          </Badge>
        </Group>
        {goal.wcpm !== null && goal.target !== null && goal.season !== null && (
          <Text fw={500}>
            {Math.round(goal.wcpm)} words correct per minute against {goal.target}, the 50th
            percentile for {student.grade.toLowerCase()} in {goal.season}
            {goal.readings > 1 ? ` (average of the last ${goal.readings} benchmark readings)` : ""}.
          </Text>
        )}
        <Text size="sm">{GOAL_STATUS_MEANINGS[goal.status]}</Text>
        <Text size="xs" c="dimmed">
          Norms: {ORF_NORMS_SOURCE}
        </Text>
      </Stack>
    </Paper>
  );
}

function Figure({ title, value, lines }: { title: string; value: string | null; lines: string[] }) {
  return (
    <Paper withBorder p="md">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {title}
      </Text>
      {value === null ? (
        <Text size="sm" c="dimmed" mt="xs">
          None graded in this range
        </Text>
      ) : (
        <>
          <Text fz={28} fw={700} lh={1.2}>
            {value}{" "}
            <Text span size="sm" c="dimmed" fw={400}>
              CWPM
            </Text>
          </Text>
          {lines.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </>
      )}
    </Paper>
  );
}

/** The latest cold read, hot read and benchmark of the range. */
export function FluencyFigures({ report }: { report: StudentReport }) {
  const { cold, hot, benchmark } = report.figures;
  const read = (r: typeof cold) =>
    r ? [`Accuracy ${figure(r.accuracy, "%")}`, r.lesson, shownDate(r.date)] : [];
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      <Figure title="Latest cold read" value={cold && `${cold.wpm}`} lines={read(cold)} />
      <Figure title="Latest hot read" value={hot && `${hot.wpm}`} lines={read(hot)} />
      <Figure
        title="Latest benchmark"
        value={benchmark && `${benchmark.wpm}`}
        lines={
          benchmark
            ? [
                `Expression ${benchmark.expression} of 5`,
                `Target ${benchmark.target ?? "—"} CWPM`,
                shownDate(benchmark.date),
              ]
            : []
        }
      />
    </SimpleGrid>
  );
}

/** The most recent lessons' scores: day 1–3, overall and the extension's points. */
export function RecentScores({ report }: { report: StudentReport }) {
  const recent = report.lessons.slice(0, RECENT_LESSONS);
  return (
    <Stack gap="xs" component="section" aria-labelledby="conference-scores">
      <Title order={2} fz="lg" id="conference-scores">
        Recent scores
      </Title>
      {recent.length === 0 ? (
        <Text c="dimmed">No lessons worked in this date range.</Text>
      ) : (
        <ListTable
          minWidth={620}
          label="Recent scores"
          columns={["Lesson", "Day 1", "Day 2", "Day 3", "Overall", "Extension", "Most recent"]}
        >
          {recent.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td fw={500}>{row.title}</Table.Td>
              {row.scores.days.map((d) => (
                <Table.Td key={d.day}>{figure(d.percent, "%")}</Table.Td>
              ))}
              <Table.Td fw={600}>{figure(row.overall, "%")}</Table.Td>
              <Table.Td>
                {row.scores.extension.points !== null
                  ? `${row.scores.extension.points} of 3`
                  : row.scores.extension.submitted
                    ? "Unscored"
                    : "—"}
              </Table.Td>
              <Table.Td>
                {row.scores.most_recent_date
                  ? shownDate(row.scores.most_recent_date.slice(0, 10))
                  : "—"}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
      {report.lessons.length > recent.length && (
        <Text size="sm" c="dimmed">
          The {recent.length} most recent of {report.lessons.length} lessons; the PDF report lists
          them all.
        </Text>
      )}
    </Stack>
  );
}
