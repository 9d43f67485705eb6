import {
  Badge,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import {
  type ClassScreening,
  currentSchoolYear,
  type PassageReading,
  percentileText,
  SEASONS,
  type Season,
  type StudentScreening,
  TIER_LABELS,
  TIERS,
  type Tier,
  tierShare,
  WINDOW_NAMES,
  WINDOW_SHORT,
} from "@refrain/domain";
import { IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { ListTable } from "../../../components/list-table.tsx";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { dateRangeText } from "../../../lib/date-text.ts";
import { useClassScreening } from "../api/class-screening.ts";

/** "2026–27" for the school year that starts in July 2026. */
const yearLabel = (year: number) => `${year}–${String(year + 1).slice(2)}`;

export const TIER_COLORS: Record<Tier, string> = {
  at_or_above: "teal",
  below: "yellow",
  well_below: "red",
};

const GRADE_NAMES = ["Kindergarten", "1st", "2nd", "3rd", "4th", "5th"];

/**
 * Screening (issue 39): the class in a benchmark window. Each student's three passages of their
 * grade, the median of the confirmed ones, its tier and percentile; how many students are in
 * each tier, beside the window before.
 */
export function ClassScreeningPage() {
  const thisYear = currentSchoolYear();
  const [year, setYear] = useState(thisYear);
  const [season, setSeason] = useState<Season | null>(null);
  const query = useClassScreening(year, season);
  return (
    <Stack gap="lg">
      <PageTitle>Screening</PageTitle>
      <Group align="flex-end" gap="md">
        <Select
          label="School year"
          w={160}
          data={[thisYear - 1, thisYear].map((y) => ({ value: String(y), label: yearLabel(y) }))}
          value={String(year)}
          onChange={(value) => {
            if (!value) return;
            setYear(Number(value));
            setSeason(null);
          }}
          allowDeselect={false}
        />
        {query.data && (
          <SegmentedControl
            aria-label="Benchmark window"
            data={SEASONS.map((s) => ({ value: s, label: `${WINDOW_SHORT[s]} (${s})` }))}
            value={query.data.window.season}
            onChange={(value) => setSeason(value as Season)}
          />
        )}
      </Group>
      <QueryState query={query} loading="Loading screening...">
        {(data) => <Screening data={data} />}
      </QueryState>
    </Stack>
  );
}

function Screening({ data }: { data: ClassScreening }) {
  const { window } = data;
  return (
    <Stack gap="lg">
      <Text>
        {WINDOW_NAMES[window.season]} window: {dateRangeText(window.start, window.end)}
        {data.open ? " (open now)" : ""}. A student's score is the median of their three passages
        once all three are graded.
      </Text>
      {data.students.length === 0 ? (
        <EmptyList
          icon={<IconUsers />}
          title="No students yet"
          description="Add students to your class to screen them."
        />
      ) : (
        <>
          <TierCards data={data} />
          <StudentTable students={data.students} />
        </>
      )}
    </Stack>
  );
}

/** Counts and shares per tier, and how each moved since the window before. */
function TierCards({ data }: { data: ClassScreening }) {
  const { counts, previous } = data;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
      {TIERS.map((tier) => {
        const share = tierShare(counts, tier);
        const before = previous ? tierShare(previous.counts, tier) : null;
        return (
          <Paper key={tier} withBorder p="md" aria-label={TIER_LABELS[tier]} component="section">
            <Text size="sm" c="dimmed">
              {TIER_LABELS[tier]}
            </Text>
            <Group gap="xs" align="baseline">
              <Text fz={28} fw={700} c={`${TIER_COLORS[tier]}.8`}>
                {counts[tier]}
              </Text>
              {share !== null && <Text size="sm">{share}% of those scored</Text>}
            </Group>
            {previous && before !== null && share !== null && (
              <Text size="xs" c="dimmed">
                {before}% in the {previous.season}
              </Text>
            )}
          </Paper>
        );
      })}
      <Paper withBorder p="md" aria-label="Incomplete" component="section">
        <Text size="sm" c="dimmed">
          Incomplete
        </Text>
        <Text fz={28} fw={700}>
          {counts.incomplete}
        </Text>
        <Text size="xs" c="dimmed">
          fewer than three passages graded
        </Text>
      </Paper>
    </SimpleGrid>
  );
}

function PassageCell({ passage }: { passage: PassageReading }) {
  const title = passage.title.replace(/^Grade \d Benchmark: /, "");
  return (
    <Table.Td>
      <Text size="xs" c="dimmed" lineClamp={1} title={title}>
        {title}
      </Text>
      {passage.state === "confirmed" ? (
        <Text size="sm">
          {passage.wcpm} WCPM · {passage.accuracy}%
        </Text>
      ) : passage.state === "to_grade" ? (
        <Badge variant="light" color="blue" size="sm">
          To grade
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          Not read
        </Text>
      )}
    </Table.Td>
  );
}

function ResultCells({ student }: { student: StudentScreening }) {
  const { result } = student;
  if (!result)
    return (
      <Table.Td colSpan={4}>
        <Text size="sm" c="dimmed">
          No benchmark passages for Kindergarten
        </Text>
      </Table.Td>
    );
  if (result.status === "incomplete")
    return (
      <>
        <Table.Td ta="right">--</Table.Td>
        <Table.Td ta="right">--</Table.Td>
        <Table.Td colSpan={2}>
          <Badge variant="outline" color="gray">
            Incomplete ({result.confirmed} of 3)
          </Badge>
        </Table.Td>
      </>
    );
  return (
    <>
      <Table.Td ta="right">{result.wcpm}</Table.Td>
      <Table.Td ta="right">{result.accuracy}%</Table.Td>
      {result.status === "scored" ? (
        <>
          <Table.Td>
            <Badge color={TIER_COLORS[result.tier]} variant="light">
              {TIER_LABELS[result.tier]}
            </Badge>
          </Table.Td>
          <Table.Td>{result.percentile ? percentileText(result.percentile) : "--"}</Table.Td>
        </>
      ) : (
        <Table.Td colSpan={2}>
          <Text size="sm" c="dimmed">
            No norm for this grade and season
          </Text>
        </Table.Td>
      )}
    </>
  );
}

function StudentTable({ students }: { students: StudentScreening[] }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Students
      </Title>
      <ListTable
        minWidth={900}
        label="Students' screening"
        columns={[
          "Student",
          "Grade",
          "Passage 1",
          "Passage 2",
          "Passage 3",
          { name: "Median WCPM", align: "right" },
          { name: "Accuracy", align: "right" },
          "Tier",
          "Percentile",
        ]}
      >
        {students.map((s) => (
          <Table.Tr key={s.id}>
            <Table.Th scope="row" fw={500}>
              {s.name}
            </Table.Th>
            <Table.Td>{GRADE_NAMES[s.grade] ?? s.grade}</Table.Td>
            {s.passages.length === 0 ? (
              <Table.Td colSpan={3} />
            ) : (
              s.passages.map((p) => <PassageCell key={p.lessonId} passage={p} />)
            )}
            <ResultCells student={s} />
          </Table.Tr>
        ))}
      </ListTable>
    </Stack>
  );
}
