import {
  Anchor,
  Button,
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import {
  type ClassScreening,
  GRADE_NAMES,
  type PassageReading,
  percentileText,
  type StudentScreening,
  WINDOW_NAMES,
} from "@refrain/domain";
import { IconPlayerPlay, IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { ListTable } from "../../../components/list-table.tsx";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { WholeBadge } from "../../../components/whole-badge.tsx";
import { errorText } from "../../../lib/api.ts";
import { dateRangeText } from "../../../lib/date-text.ts";
import { useGroups } from "../../roster/index.ts";
import { useAssignWindow, useClassScreening, useReopenPassage } from "../api/class-screening.ts";
import { SuggestedGroupsSection } from "../components/suggested-groups.tsx";
import { TierBadge, TierCards } from "../components/tier-cards.tsx";
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
  // A session started on this page: the class is read again every few seconds.
  const [live, setLive] = useState(false);
  const query = useClassScreening(choice.year, choice.season, teacherId, live);
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
        {(data) =>
          teacherId === undefined ? (
            <OwnScreening data={data} live={live} onStarted={() => setLive(true)} />
          ) : (
            <Screening data={data} shown={data.students} ownClass={false} />
          )
        }
      </QueryState>
    </Stack>
  );
}

/**
 * The teacher's own class: a benchmark session for the class or one of its groups (the
 * readers get their passages first on their home and record them on their own devices) whose
 * progress this page follows live, each reading to grade a click away, and a passage re-opened
 * for a student whose reading went wrong.
 */
function OwnScreening({
  data,
  live,
  onStarted,
}: {
  data: ClassScreening;
  live: boolean;
  onStarted: () => void;
}) {
  const { window } = data;
  const groups = useGroups();
  const [groupId, setGroupId] = useState<string | null>(null);
  const group = groups.data?.groups.find((g) => String(g.details.id) === groupId);
  const members = group ? new Set(group.memberships.map((m) => m.userId)) : null;
  const shown = members ? data.students.filter((s) => members.has(s.id)) : data.students;
  const assign = useAssignWindow();
  const onStart = () =>
    assign.mutate(
      { year: data.year, season: window.season, ...(group && { group_id: group.details.id }) },
      {
        onSuccess: (answer) => {
          notifications.show({ color: "teal", title: "Session started", message: answer.message });
          onStarted();
        },
        onError: (error) =>
          notifications.show({ color: "red", title: "Not started", message: errorText(error) }),
      },
    );
  return (
    <Stack gap="lg">
      {data.students.length > 0 && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group gap="sm" align="flex-end">
              <Select
                label="Readers"
                data={[
                  { value: "", label: "The whole class" },
                  ...(groups.data?.groups ?? []).map((g) => ({
                    value: String(g.details.id),
                    label: g.details.name,
                  })),
                ]}
                value={groupId ?? ""}
                onChange={(value) => setGroupId(value || null)}
                allowDeselect={false}
                w={240}
              />
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                loading={assign.isPending}
                // A reading counts in the window it is made in: a session runs while one is open.
                disabled={!data.open}
                onClick={onStart}
              >
                Start a benchmark session
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              {data.open
                ? `Each reader finds their grade's three passages first on their home and records them on their own device.${live ? " This page follows their progress live." : ""}`
                : `A session runs while the window is open: readings count in the window they are made in (${dateRangeText(window.start, window.end)}).`}
            </Text>
            <SessionProgress students={shown} />
          </Stack>
        </Paper>
      )}
      <Screening data={data} shown={shown} ownClass />
    </Stack>
  );
}

/** How far the readers shown are: passages read and graded, of three each. */
function SessionProgress({ students }: { students: StudentScreening[] }) {
  const passages = students.flatMap((s) => s.passages);
  if (passages.length === 0) return null;
  const graded = passages.filter((p) => p.state === "confirmed").length;
  const waiting = passages.filter((p) => p.state === "to_grade").length;
  const finished = students.filter(
    (s) => s.passages.length > 0 && s.passages.every((p) => p.state !== "not_read"),
  ).length;
  const readers = students.filter((s) => s.passages.length > 0).length;
  const share = (n: number) => (100 * n) / passages.length;
  return (
    <Stack gap={6}>
      <Progress.Root size="lg">
        <Progress.Section value={share(graded)} color="teal" aria-label="Passages graded" />
        <Progress.Section value={share(waiting)} color="blue" aria-label="Passages to grade" />
      </Progress.Root>
      <Text size="sm">
        {finished} of {readers} readers finished · {graded + waiting} of {passages.length} passages
        read, {graded} graded
      </Text>
    </Stack>
  );
}

function Screening({
  data,
  shown,
  ownClass,
}: {
  data: ClassScreening;
  shown: StudentScreening[];
  ownClass: boolean;
}) {
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
          description="Add students to the class to screen them."
        />
      ) : (
        <>
          <TierCards
            counts={data.counts}
            previous={data.previous?.counts ?? null}
            previousSeason={data.previous?.season ?? null}
          />
          <StudentTable students={shown} ownClass={ownClass} />
          {ownClass && <SuggestedGroupsSection year={data.year} season={window.season} />}
        </>
      )}
    </Stack>
  );
}

function PassageCell({
  passage,
  studentId,
  ownClass,
}: {
  passage: PassageReading;
  studentId: number;
  ownClass: boolean;
}) {
  const title = passage.title.replace(/^Grade \d Benchmark: /, "");
  const reopen = useReopenPassage();
  const onReopen = (recordingId: number) =>
    modals.openConfirmModal({
      title: `Re-open ${title}?`,
      children: (
        <Text size="sm">
          The student's reading of this passage is deleted, and their home offers it again.
        </Text>
      ),
      labels: { confirm: "Re-open", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        reopen.mutate(recordingId, {
          onSuccess: (answer) =>
            notifications.show({
              color: "teal",
              title: "Passage re-opened",
              message: answer.message,
            }),
          onError: (error) =>
            notifications.show({ color: "red", title: "Not re-opened", message: errorText(error) }),
        }),
    });
  return (
    <Table.Td>
      <Text size="xs" c="dimmed" lineClamp={1} title={title}>
        {title}
      </Text>
      {passage.state === "confirmed" ? (
        <Text size="sm">
          {passage.wcpm} WCPM · {passage.accuracy}%
        </Text>
      ) : passage.state === "to_grade" && ownClass && passage.recordingId !== null ? (
        <Group gap={4} wrap="nowrap">
          <Anchor
            component={Link}
            size="sm"
            to={`/teacher/fluency/videos?tab=all&student=${studentId}&grade=${passage.recordingId}`}
          >
            Grade
          </Anchor>
          <Text size="sm" c="dimmed">
            ·
          </Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            c="red.8"
            style={{ whiteSpace: "nowrap" }}
            onClick={() => onReopen(passage.recordingId as number)}
            aria-label={`Re-open ${title}`}
          >
            Re-open
          </Anchor>
        </Group>
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

function StudentTable({ students, ownClass }: { students: StudentScreening[]; ownClass: boolean }) {
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
              s.passages.map((p) => (
                <PassageCell key={p.lessonId} passage={p} studentId={s.id} ownClass={ownClass} />
              ))
            )}
            <ResultCells student={s} />
          </Table.Tr>
        ))}
      </ListTable>
    </Stack>
  );
}
