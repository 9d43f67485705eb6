import { Badge, Group, Modal, Stack, Text } from "@mantine/core";
import { IconVideo } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { useRecordingsByStudent, useReloadFluency } from "../api/recordings.ts";
import { GradingModal } from "./grading/grading-modal.tsx";
import { RecordingsTable } from "./recordings-table.tsx";

/** Grading spec §9: the fluency review popup lists at most 10 videos. */
export const POPUP_ROWS = 10;

/**
 * One student's newest readings, graded or not, with the review page's action column (grading
 * spec §2 "A per-student popup version", classroom spec §3 "Recent and Ungraded Videos").
 * `studentId` null is closed. Drawn closed first, then opened: loaded lazily (its -lazy.tsx), it
 * may mount with a student chosen, and still opens as always and gives the focus back on closing.
 */
export function StudentRecordingsPopup({
  studentId,
  onClose,
}: {
  studentId: number | null;
  onClose: () => void;
}) {
  const students = useRecordingsByStudent();
  const reload = useReloadFluency();
  const [grading, setGrading] = useState<number | null>(null);
  const student = students.data?.find((s) => s.student_id === studentId);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  return (
    <>
      <Modal
        opened={studentId !== null && mounted}
        onClose={onClose}
        title="Recent and Ungraded Videos"
        size="xl"
      >
        <QueryState
          query={students}
          loading="Loading..."
          isEmpty={() => !student || student.recordings.length === 0}
          empty={
            <EmptyList
              icon={<IconVideo />}
              title="No fluency videos are available at this time"
              description="When this student records a reading in a lesson, it appears here."
            />
          }
        >
          {() =>
            student && (
              <Stack gap="sm">
                <Group gap="sm">
                  <Text fw={600}>
                    {student.firstname} {student.lastname}
                  </Text>
                  {student.new_recordings > 0 && (
                    <Badge color="orange" variant="light">
                      {student.new_recordings} new
                    </Badge>
                  )}
                </Group>
                <RecordingsTable
                  rows={student.recordings.slice(0, POPUP_ROWS)}
                  onOpen={setGrading}
                  showStudent={false}
                />
              </Stack>
            )
          }
        </QueryState>
      </Modal>
      <GradingModal recordingId={grading} onClose={() => setGrading(null)} onGraded={reload} />
    </>
  );
}
