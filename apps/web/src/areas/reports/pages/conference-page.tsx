import { Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import {
  classWords,
  fluencyRecordingPossible,
  graphTypesFor,
  type Role,
  reportPdfCalls,
  STUDENT_REPORT_GRAPHS,
  shortcutRange,
  shownDate,
} from "@refrain/domain";
import { IconPrinter, IconUser } from "@tabler/icons-react";
import { useLocation, useSearchParams } from "react-router";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useSession } from "../../../lib/session.ts";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { localToday } from "../components/criteria-target.ts";
import { ReportCriteria } from "../components/report-criteria.tsx";
import { useConference } from "../conference/api.ts";
import { ReportPdfButton } from "../conference/pdf-button.tsx";
import classes from "../conference/print.module.css";
import { FluencyFigures, GoalPanel, RecentScores } from "../conference/student-summary.tsx";
import { useGraphs } from "../graphs/api.ts";
import { GraphCard } from "../graphs/graph-chart.tsx";

const TARGET = "?student_id={student_id}&start_date={start_date}&end_date={end_date}";

/** The student and range in the URL, checked by the call's own schemas; the school year by default. */
function useCriteria() {
  const [params] = useSearchParams();
  const year = shortcutRange("school_year", localToday());
  const student = reportPdfCalls.conference.params.safeParse({
    student_id: params.get("student_id") ?? "",
  });
  const range = reportPdfCalls.conference.query.safeParse({
    start_date: params.get("start_date") ?? year.start,
    end_date: params.get("end_date") ?? year.end,
  });
  return {
    studentId: student.success ? student.data.student_id : null,
    range: range.success ? range.data : { start_date: year.start, end_date: year.end },
  };
}

/**
 * The student's graphs, small as reports embed them (grading spec §2 "Small graphs embedded in
 * reports"), and the PDF button (§2 "PDF report button", §4): the button shows only once every
 * expected graph is collected, all in the view's one call (a failed call collects none). A home
 * class's child has no reading graphs (`graphTypesFor`): the quiz graph alone is expected.
 */
function GraphsAndPdf({
  role,
  studentId,
  range,
}: {
  role: Role | null;
  studentId: number;
  range: { start_date: string; end_date: string };
}) {
  const criteria = { studentId, from: range.start_date, to: range.end_date };
  const types =
    role === null
      ? STUDENT_REPORT_GRAPHS
      : STUDENT_REPORT_GRAPHS.filter((type) => graphTypesFor(role).includes(type));
  const graphs = useGraphs(types, criteria);
  const collected = graphs.isSuccess ? types.length : 0;
  const expected = types.length;
  return (
    <Stack gap="md" component="section" aria-labelledby="conference-graphs">
      <Group justify="space-between" align="center">
        <Title order={2} fz="lg" id="conference-graphs">
          Progress graphs
        </Title>
        <Group gap="sm" className={classes.screenOnly}>
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            Loaded {collected} of {expected} {expected === 1 ? "graph" : "graphs"}
          </Text>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            onClick={() => window.print()}
          >
            Print
          </Button>
          {collected === expected && <ReportPdfButton studentId={studentId} range={range} />}
        </Group>
      </Group>
      <QueryState query={graphs} loading="Loading graphs...">
        {(list) => (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {list.map((graph) => (
              <GraphCard key={graph.type} graph={graph} height={180} compact />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}

/**
 * Class Scores and Data → Conference Reports (issue 12 item 10): one student's summary to talk
 * through with a parent (goal, fluency figures, recent scores, graphs), printable, and the same
 * report as a PDF made on the server.
 */
export function ConferencePage() {
  useDocumentTitle("Conference Reports");
  const role = useViewerRole();
  const { classOf, student } = classWords(role);
  // A home class records no readings: no goal or fluency figures to judge, ever.
  const records = role === null || fluencyRecordingPossible(role);
  const { pathname } = useLocation();
  const user = useSession().data?.user;
  const { studentId, range } = useCriteria();
  const report = useConference(studentId, range);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Conference Reports</Title>
        <Text c="dimmed">
          {records
            ? "A one-student summary for a parent conference. Pick a student and a date range."
            : `One ${student}'s exam scores and graph, to print or keep. Pick a ${student} and a date range.`}
        </Text>
      </Stack>
      {user && (
        <div className={classes.screenOnly}>
          <ReportCriteria
            value={{ ...range, ...(studentId !== null && { student_id: studentId }) }}
            mode="change"
            target={`${pathname}${TARGET}`}
            students={{ teacherId: user.id }}
          />
        </div>
      )}
      {studentId === null ? (
        <EmptyList
          icon={<IconUser />}
          title={`Choose a ${student}`}
          description={
            records
              ? "Their goal, scores, fluency figures and graphs for the range appear here."
              : "Their exam scores and graph for the range appear here."
          }
        />
      ) : (
        <QueryState query={report} loading="Loading Conference Report...">
          {(data) => (
            <Stack gap="lg">
              <Stack gap={2}>
                <Title order={2}>{data.student.name}</Title>
                <Text c="dimmed">
                  {data.student.grade} · {classOf(data.student.teacher)} ·{" "}
                  {shownDate(data.start_date)} – {shownDate(data.end_date)}
                </Text>
              </Stack>
              {records && <GoalPanel report={data} />}
              {records && <FluencyFigures report={data} />}
              <GraphsAndPdf role={role} studentId={studentId} range={range} />
              <RecentScores report={data} />
            </Stack>
          )}
        </QueryState>
      )}
    </Stack>
  );
}
