import { Anchor, Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  type ClassScreening,
  type PassageReading,
  percentileText,
  type StudentScreening,
  WINDOW_NAMES,
} from "@refrain/domain";
import { IconClipboardList, IconUsers } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { ListTable } from "../../../components/list-table.tsx";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { errorText } from "../../../lib/api.ts";
import { dateRangeText } from "../../../lib/date-text.ts";
import { useAssignWindow, useClassScreening } from "../api/class-screening.ts";
import { GRADE_NAMES } from "../components/grade-names.ts";
import { SuggestedGroupsSection } from "../components/suggested-groups.tsx";
import { TierBadge, TierCards, WholeBadge } from "../components/tier-cards.tsx";
import { useWindowChoice, WindowPicker } from "../components/window-picker.tsx";

/**
 * Screening (issue 39): the class in a benchmark window. Each student's three passages of their
 * grade, the median of the confirmed ones, its tier and percentile; how many students are in
 * each tier, beside the window before.
 */
export function ClassScreeningPage() {
  return <ClassScreeningView title="Screening" />;
}

/** An admin's view of one class of their school or district (from the school's screening). */
export function TeacherScreeningPage() {
  const teacherId = Number(useParams().teacherId) || 0;
  return <ClassScreeningView title="Class Screening" teacherId={teacherId} />;
}

function ClassScreeningView({ title, teacherId }: { title: string; teacherId?: number }) {
  const choice = useWindowChoice();
  const query = useClassScreening(choice.year, choice.season, teacherId);
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      {teacherId !== undefined && (
        <Anchor component={Link} to="/screening/overview" size="sm">
          Back to the school's screening
        </Anchor>
      )}
      <WindowPicker choice={choice} shown={query.data?.window.season} />
      <QueryState query={query} loading="Loading screening...">
        {(data) => <Screening data={data} ownClass={teacherId === undefined} />}
      </QueryState>
    </Stack>
  );
}

function Screening({ data, ownClass }: { data: ClassScreening; ownClass: boolean }) {
  const { window } = data;
  const assign = useAssignWindow();
  const onAssign = () =>
    assign.mutate(
      { year: data.year, season: window.season },
      {
        onSuccess: (answer) =>
          notifications.show({
            color: "teal",
            title: "Passages assigned",
            message: answer.message,
          }),
        onError: (error) =>
          notifications.show({ color: "red", title: "Not assigned", message: errorText(error) }),
      },
    );
  return (
    <Stack gap="lg">
      <Text>
        {WINDOW_NAMES[window.season]} window: {dateRangeText(window.start, window.end)}
        {data.open ? " (open now)" : ""}. A student's score is the median of their three passages
        once all three are graded.
      </Text>
      {ownClass && data.students.length > 0 && (
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconClipboardList size={16} />}
            loading={assign.isPending}
            onClick={onAssign}
          >
            Assign this window's passages
          </Button>
          <Text size="sm" c="dimmed">
            Each student gets their grade's three passages on their home, to read as benchmark
            readings.
          </Text>
        </Group>
      )}
      {data.students.length === 0 ? (
        <EmptyList
          icon={<IconUsers />}
          title="No students yet"
          description="Add students to the class to screen them."
        />
      ) : (
        <>
          <TierCards
            counts={data.counts}
            previous={data.previous?.counts ?? null}
            previousSeason={data.previous?.season ?? null}
          />
          <StudentTable students={data.students} />
          {ownClass && <SuggestedGroupsSection year={data.year} season={window.season} />}
        </>
      )}
    </Stack>
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
        <WholeBadge variant="light" color="blue" size="sm">
          To grade
        </WholeBadge>
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
          <WholeBadge variant="outline" color="gray">
            Incomplete ({result.confirmed} of 3)
          </WholeBadge>
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
            <TierBadge tier={result.tier} />
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
              <Anchor
                component={Link}
                to={`/screening/monitoring/students/${s.id}`}
                title={`${s.name}'s progress monitoring`}
              >
                {s.name}
              </Anchor>
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
