import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import {
  classSummaryCalls,
  classWords,
  fluencyRecordingPossible,
  type GroupSummary,
  type SessionUser,
  type StudentSummary,
  shortcutRange,
} from "@refrain/domain";
import { IconSearch, IconUserEdit, IconUsers } from "@tabler/icons-react";
import { Suspense, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { ListTable } from "../../../components/list-table.tsx";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { EmailSchoolAdminButton } from "../../../components/teacher-email/email-school-admin-button.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useSession } from "../../../lib/session.ts";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { LazyStudentRecordingsPopup } from "../../fluency/index.ts";
import { TutorialPopup, WithTour } from "../../help/index.ts";
import { TierBadge } from "../../screening/index.ts";
import { type ClassSummaryCriteria, useClassSummary } from "../api/class-summary.ts";
import { CircleChart } from "../components/circle-chart.tsx";
import type { CircleChartSettings } from "../components/circle-geometry.ts";
import { classFigures } from "../components/class-figures.ts";
import { localToday } from "../components/criteria-target.ts";
import { figure } from "../components/figure.ts";
import { GoalCounts, GoalNorms, StudentGoal } from "../components/goal-badge.tsx";
import { ReportCriteria } from "../components/report-criteria.tsx";

const TARGET = "?student_id={student_id}&start_date={start_date}&end_date={end_date}";

/**
 * The criteria in the URL, checked by the call's own query schema; the school year for the whole
 * class when the URL has none (grading spec §9: the school year is a reporting window).
 */
function useCriteria(): ClassSummaryCriteria {
  const [params] = useSearchParams();
  const year = shortcutRange("school_year", localToday());
  const parsed = classSummaryCalls.classSummary.query.safeParse({
    student_id: params.get("student_id") ?? undefined,
    start_date: params.get("start_date") ?? year.start,
    end_date: params.get("end_date") ?? year.end,
  });
  return parsed.success
    ? parsed.data
    : { student_id: "overall", start_date: year.start, end_date: year.end };
}

/** The figures a student row and a group row share, in the table's order. */
function Figures({ row, records }: { row: StudentSummary | GroupSummary; records: boolean }) {
  return (
    <>
      <Table.Td>{row.lessons}</Table.Td>
      <Table.Td>{row.stories}</Table.Td>
      <Table.Td>{figure(row.comprehension, "%")}</Table.Td>
      {records && (
        <>
          <Table.Td>{figure(row.cold)}</Table.Td>
          <Table.Td>{figure(row.hot)}</Table.Td>
          <Table.Td>{figure(row.benchmarks)}</Table.Td>
        </>
      )}
    </>
  );
}

/** One ring of the class's figures, named under it as the chart is named to a screen reader. */
function ClassChart(chart: CircleChartSettings & { label: string }) {
  return (
    <Paper withBorder p="md">
      <Stack align="center" gap="xs">
        <CircleChart radius={80} {...chart} />
        <Text fw={600} ta="center">
          {chart.label}
        </Text>
      </Stack>
    </Paper>
  );
}

/** Rings over the class: comprehension, fluency goals met (where it records), students at work. */
function ClassCharts({
  students,
  count,
  records,
}: {
  students: readonly StudentSummary[];
  /** "2 students", "2 children": the class's own word. */
  count: (n: number) => string;
  records: boolean;
}) {
  const f = classFigures(students);
  return (
    <SimpleGrid cols={{ base: 1, xs: records ? 3 : 2 }} spacing="md" data-tour="class-figures">
      <ClassChart
        label="Comprehension proficiency"
        amount={f.comprehension ?? 0}
        {...(f.comprehension === null && { titleTemplate: "—" })}
        caption={f.comprehension === null ? "no full lessons yet" : `average of ${f.comprehended}`}
      />
      {records && (
        <ClassChart
          label="Meeting fluency goals"
          amount={f.met}
          total={f.judged}
          {...(f.judged === 0 && { titleTemplate: "—" })}
          caption={f.judged === 0 ? "no benchmarks yet" : `${f.met} of ${f.judged} judged`}
        />
      )}
      <ClassChart
        label="Reading in this range"
        amount={f.active}
        total={f.students}
        caption={`${f.active} of ${count(f.students)}`}
      />
    </SimpleGrid>
  );
}

/** A student's screening in today's window: the tier, or how many passages are graded. */
function ScreeningCell({ screening }: { screening: StudentSummary["screening"] }) {
  if (!screening) return <Text size="sm">--</Text>;
  if (screening.tier) return <TierBadge tier={screening.tier} />;
  if (screening.status === "unrated") return <Text size="sm">{screening.wcpm} WCPM</Text>;
  return (
    <Text size="sm" c="dimmed">
      {screening.confirmed} of 3 graded
    </Text>
  );
}

/** The columns of a class that records readings; a home class has the first four. */
const COLUMNS = [
  "Student",
  "Lessons",
  "Stories",
  "Comprehension Proficiency",
  "Cold Read",
  "Hot Read",
  "Benchmarks",
  "Fluency Proficiency",
];

function SummaryTable({
  students,
  groups,
  onOpen,
  onReach,
  records,
}: {
  students: readonly StudentSummary[];
  groups: readonly GroupSummary[];
  onOpen: (studentId: number) => void;
  /** A student's videos button is reached for (pointer or focus): the popup may load. */
  onReach: () => void;
  /** Whether the class records readings: their figures, goals and videos. */
  records: boolean;
}) {
  // The screening column once a passage of today's window is read (issue 39): before, it
  // would only say "nothing yet" on every row.
  const screening = records && students.some((s) => s.screening !== null);
  return (
    // Its headings wrap so that all eight columns fit a tablet held upright (820 px).
    <ListTable
      minWidth={records ? (screening ? 860 : 720) : 480}
      wrapHeadings
      label="Class summary"
      columns={records ? [...COLUMNS, ...(screening ? ["Screening"] : [])] : COLUMNS.slice(0, 4)}
    >
      {students.map((student) => (
        <Table.Tr key={`student-${student.id}`} data-student={student.id}>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              {records && (
                <ActionIcon
                  variant="subtle"
                  aria-label={`Recent and ungraded videos of ${student.name}`}
                  onPointerEnter={onReach}
                  onFocus={onReach}
                  onClick={() => onOpen(student.id)}
                >
                  <IconSearch size={16} />
                </ActionIcon>
              )}
              <Text size="sm">{student.name}</Text>
              {student.new_recordings > 0 && (
                <Badge color="orange" variant="light" size="sm">
                  {student.new_recordings} new
                </Badge>
              )}
            </Group>
          </Table.Td>
          <Figures row={student} records={records} />
          {records && (
            <Table.Td>
              <StudentGoal status={student.goals} goal={student.goal} />
            </Table.Td>
          )}
          {screening && (
            <Table.Td>
              <ScreeningCell screening={student.screening} />
            </Table.Td>
          )}
        </Table.Tr>
      ))}
      {groups.map((group) => (
        <Table.Tr key={`group-${group.id}`} data-group={group.id}>
          <Table.Td>
            <Text size="sm" fw={600}>
              {group.name}
            </Text>
            <Text size="xs" c="dimmed">
              Group of {group.students}
            </Text>
          </Table.Td>
          <Figures row={group} records={records} />
          {records && (
            <Table.Td>
              <GoalCounts counts={group.goals} />
            </Table.Td>
          )}
          {screening && <Table.Td />}
        </Table.Tr>
      ))}
    </ListTable>
  );
}

function Dashboard({ user }: { user: SessionUser }) {
  const role = useViewerRole();
  const words = classWords(role);
  // A home class never records readings: no fluency figures, goals or videos to show.
  const records = role !== null && fluencyRecordingPossible(role);
  useDocumentTitle(`${words.home} · Refrain`);
  const { pathname } = useLocation();
  const criteria = useCriteria();
  const summary = useClassSummary(user.id, criteria);
  const [popupStudent, setPopupStudent] = useState<number | null>(null);
  // The popup (and its recordings' list) loads once a student's videos button is reached for.
  const [popupWanted, setPopupWanted] = useState(false);
  const wantPopup = () => setPopupWanted(true);

  return (
    <WithTour name="class_summary">
      <Stack gap="md">
        <TutorialPopup name="class_summary" />
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <Title order={1}>{words.home}</Title>
            {criteria.student_id === "overall" && summary.data && (
              <Badge size="lg" variant="light" tt="none">
                {words.count(summary.data.students.length)}
              </Badge>
            )}
          </Group>
          <Group gap="sm">
            {/* A parent teaching their own children has no school admin to write to. */}
            {role === "teacher" && <EmailSchoolAdminButton />}
            <Button
              data-tour="class-roster-link"
              component={Link}
              to="/teacher/roster"
              variant="light"
              leftSection={<IconUserEdit size={18} />}
            >
              Add or Edit Students
            </Button>
          </Group>
        </Group>
        <ReportCriteria
          value={criteria}
          mode="change"
          target={`${pathname}${TARGET}`}
          students={{ teacherId: user.id, overall: true }}
        />
        <QueryState
          query={summary}
          loading="Loading Class Summary..."
          isEmpty={(data) => data.students.length === 0}
          empty={
            <EmptyList icon={<IconUsers />} title={words.empty} description={words.emptyHint}>
              <Button
                component={Link}
                to="/teacher/roster"
                leftSection={<IconUserEdit size={18} />}
              >
                Add or Edit Students
              </Button>
            </EmptyList>
          }
        >
          {(data) => (
            <Stack gap="md" aria-busy={summary.isPlaceholderData || undefined}>
              <ClassCharts students={data.students} count={words.count} records={records} />
              <div data-tour="class-table">
                <SummaryTable
                  students={data.students}
                  groups={data.groups}
                  onOpen={(studentId) => {
                    wantPopup();
                    setPopupStudent(studentId);
                  }}
                  onReach={wantPopup}
                  records={records}
                />
              </div>
              <Text size="xs" c="dimmed">
                Lessons counts the lessons completed in the range, Stories every lesson worked on in
                it.
                {records &&
                  " Cold Read, Hot Read and Benchmarks are words correct per minute of graded readings (averages; the latest benchmark)."}
                {/* Only a table with groups has group rows to explain. */}
                {data.groups.length > 0 &&
                  ` Group rows total lessons and stories and average the other figures over their ${words.students}.`}
              </Text>
              {records && <GoalNorms />}
            </Stack>
          )}
        </QueryState>
        {popupWanted && (
          <Suspense fallback={null}>
            <LazyStudentRecordingsPopup
              studentId={popupStudent}
              onClose={() => {
                setPopupStudent(null);
                // A reading graded in the popup is no longer new: the badges follow.
                void summary.refetch();
              }}
            />
          </Suspense>
        )}
      </Stack>
    </WithTour>
  );
}

/**
 * The class owner's home and Class Scores and Data → Classroom (grading spec §2 "Class summary
 * table", issue 12 item 1): the class's progress over a date range, a row per student then per
 * group, with the fluency goals judged against published norms. The per-student popup brings
 * Mantine's ModalsProvider for its delete's confirmation, both loaded when first wanted.
 */
export function ClassSummaryPage() {
  const user = useSession().data?.user;
  return user ? <Dashboard user={user} /> : null;
}
