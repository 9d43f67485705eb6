import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { classWords, REPORT_TABLE_TITLES, REPORT_TABLES, type SessionUser } from "@refrain/domain";
import { IconListDetails, IconRotate, IconUserSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useParams } from "react-router";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";
import { NotFoundPage } from "../../../components/not-found-page.tsx";
import { confirmDanger } from "../../../components/notices.tsx";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useSession } from "../../../lib/session.ts";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { TutorialPopup, WithTour } from "../../help/index.ts";
import { type ScoreReset, useDetailedReport, useResetScores } from "../api/detailed-report.ts";
import { RESET_LESSON_PROMPT, RESET_STUDENT_PROMPT, ScoreTable } from "../detailed/score-table.tsx";
import { StudentChooser } from "../detailed/student-chooser.tsx";

function Report({ studentId }: { studentId: number }) {
  const report = useDetailedReport(studentId);
  const reset = useResetScores(studentId);
  const [resetting, setResetting] = useState(false);
  const name = report.data?.student.fullname ?? "";

  const confirmReset = (which: ScoreReset) =>
    confirmDanger({
      title: which === "overall" ? `Reset ${name}'s scores?` : "Reset scores?",
      message: which === "overall" ? RESET_STUDENT_PROMPT : RESET_LESSON_PROMPT,
      confirm: "Reset",
      onConfirm: () => reset.mutate(which),
    });

  return (
    <QueryState
      query={report}
      loading="Loading Lessons..."
      isEmpty={(data) => REPORT_TABLES.every((table) => data[table].length === 0)}
      empty={
        <EmptyList
          icon={<IconListDetails />}
          title="No lessons yet"
          description="This student has no assigned lessons and has not started one. Their scores show here once they do."
        />
      }
    >
      {(data) => (
        <Stack gap="lg">
          <Group justify="space-between" align="center">
            <Title order={2}>{data.student.fullname}</Title>
            <Group gap="sm">
              {resetting && (
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconRotate size={16} />}
                  disabled={reset.isPending}
                  onClick={() => confirmReset("overall")}
                >
                  Reset all of {data.student.fullname}'s scores
                </Button>
              )}
              <Button
                variant={resetting ? "filled" : "default"}
                aria-pressed={resetting}
                onClick={() => setResetting((on) => !on)}
              >
                Reset Scores...
              </Button>
            </Group>
          </Group>
          {reset.isSuccess && <DoneAlert>{reset.data.message}</DoneAlert>}
          <ErrorAlert error={reset.error} />
          {REPORT_TABLES.map((table) => (
            <Stack key={table} gap="xs">
              <Title order={3}>{REPORT_TABLE_TITLES[table]}</Title>
              {data[table].length === 0 ? (
                <Text size="sm" c="dimmed">
                  No lessons here.
                </Text>
              ) : (
                <ScoreTable
                  title={REPORT_TABLE_TITLES[table]}
                  rows={data[table]}
                  studentId={studentId}
                  onReset={resetting ? confirmReset : null}
                  busy={reset.isPending}
                />
              )}
            </Stack>
          ))}
          <Text size="xs" c="dimmed">
            Each day shows its latest attempt: its date, the questions answered right out of those
            answered (3/4), and its percent. Overall is the average of the three days once all are
            taken. A reset clears a day's attempts (or reopens the extension answer) so the student
            takes it anew; recordings and fluency grades stay.
          </Text>
        </Stack>
      )}
    </QueryState>
  );
}

function DetailedReport({ user }: { user: SessionUser }) {
  const { oneStudent } = classWords(useViewerRole());
  const { studentId } = useParams();
  const id = studentId === undefined ? undefined : Number(studentId);
  if (id !== undefined && !(Number.isInteger(id) && id > 0)) return <NotFoundPage />;
  return (
    <WithTour name="teacher_reports">
      <Stack gap="md">
        <TutorialPopup name="teacher_reports" />
        <Title order={1}>Detailed Student Report</Title>
        <div data-tour="report-student">
          <StudentChooser teacherId={user.id} current={id} />
        </div>
        {id === undefined ? (
          <EmptyList
            icon={<IconUserSearch />}
            title="Choose a student"
            description={`Pick ${oneStudent} to see their scores for every lesson they were assigned or started.`}
          />
        ) : (
          <Report key={id} studentId={id} />
        )}
      </Stack>
    </WithTour>
  );
}

/**
 * Class Scores and Data → Detailed (grading spec §2 "Detailed student report", issue 12 item
 * 3): a student's lessons in the Completed, Assigned and Incompleted tables, with the resets
 * behind the Reset Scores... toggle. Without a student in the path it asks for one first.
 */
export function DetailedReportPage() {
  useDocumentTitle("Detailed Student Report · Refrain");
  const user = useSession().data?.user;
  return user ? <DetailedReport user={user} /> : null;
}
