import { Button, Group, Select, Stack, Tabs, Text } from "@mantine/core";
import { classWords } from "@refrain/domain";
import { IconListDetails, IconVideo } from "@tabler/icons-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { PageTitle } from "../../../components/page-title.tsx";
import { type EmptyListText, QueryList } from "../../../components/query-list.tsx";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import {
  type RecordingsTab,
  useRecordings,
  useRecordingsByStudent,
  useReloadFluency,
} from "../api/recordings.ts";
import { GradingModal } from "../components/grading/grading-modal.tsx";
import { RecordingsTable } from "../components/recordings-table.tsx";
import { StudentRecordingsPopup } from "../components/student-recordings-popup.tsx";

const TABS: { value: RecordingsTab; label: string }[] = [
  { value: "new", label: "New Fluency Videos" },
  { value: "all", label: "All Fluency Recordings" },
];

/** `students`: "students", "children", the class's own word. */
const noVideos = (type: RecordingsTab, students: string): EmptyListText => ({
  icon: <IconVideo />,
  title: "No fluency videos are available at this time",
  description:
    type === "new"
      ? `Readings your ${students} send appear here until you grade them.`
      : `When your ${students} record a reading in a lesson, it appears here.`,
});

/** One tab's list, of the class or of the student chosen in the filter. */
function RecordingsList({
  type,
  studentId,
  onOpen,
}: {
  type: RecordingsTab;
  studentId: number | null;
  onOpen: (id: number) => void;
}) {
  const recordings = useRecordings(type, studentId);
  const { students } = classWords(useViewerRole());
  return (
    <QueryList query={recordings} loading="Loading..." empty={noVideos(type, students)}>
      {(rows) => <RecordingsTable rows={rows} onOpen={onOpen} showStudent={studentId === null} />}
    </QueryList>
  );
}

/**
 * The teacher's Recorded Videos (grading spec §2 "Fluency review page", §4 "Recording list"):
 * new and all readings of the class, or of one student, each opening the grading modal.
 */
export function RecordedVideosPage() {
  const words = classWords(useViewerRole());
  const [params, setParams] = useSearchParams();
  const tab: RecordingsTab = params.get("tab") === "all" ? "all" : "new";
  const studentParam = Number(params.get("student"));
  const studentId = Number.isInteger(studentParam) && studentParam > 0 ? studentParam : null;
  const students = useRecordingsByStudent();
  const reload = useReloadFluency();
  // A link may name the reading to grade (a screening session's "Grade", issue 39).
  const [grading, setGrading] = useState<number | null>(() => Number(params.get("grade")) || null);
  const [popupStudent, setPopupStudent] = useState<number | null>(null);

  // The tab and student live in the address, so a reload or a link keeps them.
  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const options = (students.data ?? []).map((student) => ({
    value: String(student.student_id),
    label:
      `${student.firstname} ${student.lastname}` +
      (student.new_recordings > 0 ? ` (${student.new_recordings} new)` : ""),
  }));

  return (
    <Stack gap="lg">
      <PageTitle>Recorded Videos</PageTitle>
      <Group align="flex-end" gap="sm">
        <Select
          label="Student"
          placeholder={students.isPending ? "Loading..." : `All ${words.students}`}
          data={options}
          value={studentId === null ? null : String(studentId)}
          onChange={(value) => setParam("student", value)}
          clearable
          searchable
          nothingFoundMessage="No student by that name"
          w={{ base: "100%", xs: 320 }}
          error={students.isError ? words.studentsNotLoaded : undefined}
        />
        <Button
          variant="default"
          leftSection={<IconListDetails size={16} />}
          disabled={studentId === null}
          onClick={() => setPopupStudent(studentId)}
        >
          Recent and Ungraded Videos
        </Button>
      </Group>
      {studentId === null && (
        <Text size="sm" c="dimmed">
          Choose a student to see only their readings, or their ten newest at a glance.
        </Text>
      )}
      <Tabs value={tab} onChange={(value) => setParam("tab", value)} keepMounted={false}>
        <Tabs.List>
          {TABS.map(({ value, label }) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map(({ value }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <RecordingsList type={value} studentId={studentId} onOpen={setGrading} />
          </Tabs.Panel>
        ))}
      </Tabs>
      <GradingModal recordingId={grading} onClose={() => setGrading(null)} onGraded={reload} />
      <StudentRecordingsPopup studentId={popupStudent} onClose={() => setPopupStudent(null)} />
    </Stack>
  );
}
