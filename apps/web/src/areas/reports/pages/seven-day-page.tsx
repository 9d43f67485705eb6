import { Anchor, Badge, Button, Group, List, Stack, Table, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import {
  classWords,
  type SessionUser,
  type SevenDayRow,
  sevenDayReportCalls,
  shortcutRange,
  shownDate,
  TEST_DAYS,
} from "@refrain/domain";
import { IconRotate, IconUsers } from "@tabler/icons-react";
import { Link, useSearchParams } from "react-router";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { type EmptyListText, QueryList } from "../../../components/query-list.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useSession } from "../../../lib/session.ts";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { type SevenDayCriteria, useResetSevenDay, useSevenDayRows } from "../api/seven-day.ts";
import { localToday } from "../components/criteria-target.ts";
import { figure } from "../components/figure.ts";
import { ReportCriteria } from "../components/report-criteria.tsx";
import { extensionAnswerPath, RESET_STUDENT_PROMPT } from "../detailed/score-table.tsx";

const TARGET =
  "/teacher/reports/seven-day?student_id={student_id}&start_date={start_date}&end_date={end_date}";

const NO_STUDENTS: EmptyListText = {
  icon: <IconUsers />,
  title: "No students yet",
  description: "Add students to your class; their week of reading shows here.",
};

/** The criteria in the URL, checked by the call's own schemas; the last 7 days of the class. */
function useCriteria(): SevenDayCriteria {
  const [params] = useSearchParams();
  const week = shortcutRange("last_week", localToday());
  const range = sevenDayReportCalls.rows.query.safeParse({
    start_date: params.get("start_date") ?? week.start,
    end_date: params.get("end_date") ?? week.end,
  });
  const student = sevenDayReportCalls.rows.params.safeParse({
    student_id: params.get("student_id") ?? "overall",
  });
  return {
    ...(range.success ? range.data : { start_date: week.start, end_date: week.end }),
    student_id: student.success ? student.data.student_id : "overall",
  };
}

function SevenDayTable({ rows }: { rows: readonly SevenDayRow[] }) {
  return (
    <ListTable
      // A tablet held upright: its nine columns fit with their headings on two lines, rather
      // than the Extensions links scrolled out of sight.
      minWidth={720}
      wrapHeadings
      label="Seven day progress"
      columns={[
        "Student",
        "Titles",
        "Days Completed",
        "Avg WPM",
        "Avg Lexile",
        "Day 1 Avg",
        "Day 2 Avg",
        "Day 3 Avg",
        "Extensions",
      ]}
    >
      {rows.map((row) => (
        <Table.Tr key={row.student_id} data-student={row.student_id}>
          <Table.Td>
            <Anchor component={Link} to={`/teacher/reports/detailed/${row.student_id}`} size="sm">
              {row.fullname}
            </Anchor>
          </Table.Td>
          <Table.Td>
            {row.titles.length === 0 ? (
              <Text size="sm" c="dimmed">
                None
              </Text>
            ) : (
              <List size="sm" spacing={2}>
                {row.titles.map((title) => (
                  <List.Item key={title}>{title}</List.Item>
                ))}
              </List>
            )}
          </Table.Td>
          <Table.Td>{row.days_completed}</Table.Td>
          <Table.Td>{figure(row.avg_wpm)}</Table.Td>
          <Table.Td>{figure(row.avg_lexile, "L")}</Table.Td>
          {TEST_DAYS.map((day) => (
            <Table.Td key={day}>{figure(row.avg_scores[day - 1] ?? null, "%")}</Table.Td>
          ))}
          <Table.Td>
            {row.extensions.length === 0 ? (
              <Text size="sm" c="dimmed">
                None
              </Text>
            ) : (
              <Stack gap={2} align="flex-start">
                {row.extensions.map((e) => (
                  <Anchor
                    key={e.id}
                    component={Link}
                    to={extensionAnswerPath(e.id, row.student_id)}
                    size="sm"
                  >
                    {e.title}
                  </Anchor>
                ))}
              </Stack>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

function SevenDay({ user }: { user: SessionUser }) {
  const { count } = classWords(useViewerRole());
  const criteria = useCriteria();
  const rows = useSevenDayRows(criteria);
  const reset = useResetSevenDay(criteria);
  const dates = `${shownDate(criteria.start_date)} to ${shownDate(criteria.end_date)}`;

  const confirmReset = () =>
    modals.openConfirmModal({
      title: "Reset scores in these dates?",
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {criteria.student_id === "overall"
              ? "Are you sure you want to reset the scores of every student of the class?"
              : RESET_STUDENT_PROMPT}
          </Text>
          <Text size="sm" c="dimmed">
            Days 1 to 4 of each lesson worked from {dates} are cleared, to be taken anew. Recordings
            and fluency grades stay.
          </Text>
        </Stack>
      ),
      labels: { confirm: "Reset", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => reset.mutate(),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>Seven Day Progress</Title>
        <Button
          color="red"
          variant="light"
          leftSection={<IconRotate size={16} />}
          disabled={reset.isPending || !rows.data?.some((r) => r.titles.length > 0)}
          onClick={confirmReset}
        >
          Reset Scores in These Dates...
        </Button>
      </Group>
      <ReportCriteria
        value={criteria}
        mode="change"
        target={TARGET}
        students={{ teacherId: user.id, overall: true }}
      />
      {reset.isSuccess && <DoneAlert>{reset.data.message}</DoneAlert>}
      <ErrorAlert error={reset.error} />
      <QueryList query={rows} loading="Loading Seven Day Progress..." empty={NO_STUDENTS}>
        {(data) => (
          <Stack gap="xs" aria-busy={rows.isPlaceholderData || undefined}>
            <Group gap="xs">
              <Badge variant="light" tt="none">
                {data.filter((r) => r.titles.length > 0).length} of {count(data.length)} worked
              </Badge>
            </Group>
            <SevenDayTable rows={data} />
            <Text size="xs" c="dimmed">
              Days Completed counts the day 1–3 questions taken and the day 4 answers handed in.
              Averages are over the lessons worked in these dates; each day's average takes the
              latest attempt of each lesson.
            </Text>
          </Stack>
        )}
      </QueryList>
    </Stack>
  );
}

/**
 * Class Scores and Data → Seven Day (grading spec §2 "Seven day progress table", issue 12 item
 * 4): a row per student of the work in a date range, the last 7 days unless the criteria pick
 * others, and the reset of the range's scores behind a confirmation.
 */
export function SevenDayPage() {
  useDocumentTitle("Seven Day Progress · Refrain");
  const user = useSession().data?.user;
  return user ? <SevenDay user={user} /> : null;
}
