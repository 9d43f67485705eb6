import { Button, Group, List, Modal, Stack, Stepper, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  type AssignableLesson,
  type AssignmentStudent,
  type LessonSelection,
  lessonCheckState,
  studentsWithStartedUnassigned,
  toggleLesson,
} from "@refrain/domain";
import { IconUserPlus, IconUsers } from "@tabler/icons-react";
import { useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { ErrorAlert } from "../../../components/form-alerts.tsx";
import { QueryState } from "../../../components/page-states.tsx";
import { type EmptyListText, QueryList } from "../../../components/query-list.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { TutorialPopup, WithTour } from "../../help/index.ts";
import { useAssignLessons } from "../api/assign-lessons.ts";
import { useLessonsByLevel } from "../api/get-lessons-by-level.ts";
import { useAssignmentStudents } from "../api/list-assignment-students.ts";
import { AssignLessonsStep } from "../components/assign-lessons-step.tsx";
import { AssignStudentsStep } from "../components/assign-students-step.tsx";

/** The page's mode (classroom spec §4 "Assign page mode"). */
type Mode = "students" | "lessons" | "submitting";

const NO_CHANGE: LessonSelection = { assign: [], remove: [] };

const NO_STUDENTS: EmptyListText = {
  icon: <IconUsers />,
  title: "No students yet",
  description: "Add student accounts to your class, then come back to assign them lessons.",
  action: (
    <Button component={Link} to="/teacher/roster" leftSection={<IconUserPlus size={16} />}>
      Add Students
    </Button>
  ),
};

const studentsText = (n: number) => (n === 1 ? "1 student" : `${n} students`);

/** Assign Lessons: pick students, then tick the lessons they should have, then confirm. */
export function AssignLessonsPage() {
  useDocumentTitle("Assign Lessons · Refrain");
  const students = useAssignmentStudents();
  const heading = useRef<HTMLHeadingElement>(null);
  // After a save the page starts over at step 1: the teacher is taken back to its top, and
  // keyboard and screen reader users with them.
  const backToTop = () => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  };

  return (
    <WithTour name="assign_lessons">
      <Stack gap="lg">
        <TutorialPopup name="assign_lessons" />
        <Title order={1} ref={heading} tabIndex={-1}>
          Assign Lessons
        </Title>
        <QueryList query={students} loading="Loading Students..." empty={NO_STUDENTS}>
          {(list) => <AssignFlow students={list} onSaved={backToTop} />}
        </QueryList>
      </Stack>
    </WithTour>
  );
}

function AssignFlow({ students, onSaved }: { students: AssignmentStudent[]; onSaved: () => void }) {
  const [mode, setMode] = useState<Mode>("students");
  const [selectedIds, setSelectedIds] = useState<Set<number>>(new Set());
  const [selection, setSelection] = useState<LessonSelection>(NO_CHANGE);
  // Lessons the teacher confirmed assigning although a student had started them on their own.
  const [keepProgress, setKeepProgress] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState<AssignableLesson | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const lessons = useLessonsByLevel();
  const save = useAssignLessons();

  const selected = useMemo(
    () => students.filter((s) => selectedIds.has(s.id)),
    [students, selectedIds],
  );
  const lessonById = useMemo(
    () => new Map(Object.values(lessons.data?.data ?? {}).flatMap((l) => l.map((x) => [x.id, x]))),
    [lessons.data],
  );

  const toLessons = () => {
    setSelection(NO_CHANGE);
    setKeepProgress(new Set());
    setMode("lessons");
  };

  const apply = (lesson: AssignableLesson) => {
    setSelection((current) => toggleLesson(lesson.id, selected, current));
  };

  const onToggle = (lesson: AssignableLesson) => {
    const willAssign = lessonCheckState(lesson.id, selected, selection) !== "checked";
    if (willAssign && studentsWithStartedUnassigned(lesson.id, selected).length > 0) {
      setConfirming(lesson);
      return;
    }
    apply(lesson);
  };

  const submit = () => {
    setMode("submitting");
    save.mutate(
      {
        student_ids: selected.map((s) => s.id),
        assign_lesson_ids: [...selection.assign],
        remove_lesson_ids: [...selection.remove],
        preserve_progress: selection.assign.some((id) => keepProgress.has(id)),
      },
      {
        // The students were reloaded by the mutation; start again from step 1.
        onSuccess: (answer) => {
          notifications.show({ color: "teal", title: "Lessons saved", message: answer.message });
          setReviewing(false);
          setSelectedIds(new Set());
          setSelection(NO_CHANGE);
          setKeepProgress(new Set());
          setMode("students");
          onSaved();
        },
        onError: () => setMode("lessons"),
      },
    );
  };

  const stepTwoLabel =
    selected.length > 0 ? `Assign lessons to ${studentsText(selected.length)}` : "Assign lessons";

  return (
    <>
      <Stepper
        active={mode === "students" ? 0 : 1}
        onStepClick={(step) => {
          if (step === 0) setMode("students");
          else if (selected.length > 0 && mode === "students") toLessons();
        }}
        allowNextStepsSelect={selected.length > 0}
        size="sm"
      >
        <Stepper.Step label="Step 1" description="Select students" data-tour="assign-students">
          <AssignStudentsStep
            students={students}
            selected={selectedIds}
            onChange={setSelectedIds}
            onNext={toLessons}
          />
        </Stepper.Step>
        <Stepper.Step label="Step 2" description={stepTwoLabel} data-tour="assign-lessons">
          <Title order={2} fz="xl" mb="md">
            {stepTwoLabel}
          </Title>
          <QueryState query={lessons} loading="Loading Lessons...">
            {(answer) => (
              <AssignLessonsStep
                byLevel={answer.data}
                students={selected}
                selection={selection}
                onToggle={onToggle}
                onBack={() => setMode("students")}
                onReview={() => {
                  save.reset();
                  setReviewing(true);
                }}
              />
            )}
          </QueryState>
        </Stepper.Step>
      </Stepper>

      <StartedOnTheirOwnModal
        lesson={confirming}
        students={confirming ? studentsWithStartedUnassigned(confirming.id, selected) : []}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          apply(confirming);
          setKeepProgress((ids) => new Set(ids).add(confirming.id));
          setConfirming(null);
        }}
      />

      <Modal
        opened={reviewing}
        onClose={() => mode !== "submitting" && setReviewing(false)}
        title="Save these lesson changes?"
        size="lg"
      >
        <Stack gap="md">
          <Text>
            For <strong>{studentsText(selected.length)}</strong>:{" "}
            {selected.map((s) => s.name).join(", ")}.
          </Text>
          <ChangeList title="Assign" ids={selection.assign} lessonById={lessonById} />
          <ChangeList title="Remove" ids={selection.remove} lessonById={lessonById} />
          {selection.remove.length > 0 && (
            <Text size="sm" c="dimmed">
              A student who is in the middle of a removed lesson keeps their progress: the lesson
              stays with them as started on their own, and you can assign it again later.
            </Text>
          )}
          {selection.assign.some((id) => keepProgress.has(id)) && (
            <Text size="sm" c="dimmed">
              Lessons students started on their own become assigned with their progress kept.
            </Text>
          )}
          <ErrorAlert error={save.error} />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => setReviewing(false)}
              disabled={mode === "submitting"}
            >
              Cancel
            </Button>
            <Button onClick={submit} loading={mode === "submitting"}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function ChangeList({
  title,
  ids,
  lessonById,
}: {
  title: string;
  ids: readonly number[];
  lessonById: ReadonlyMap<number, AssignableLesson>;
}) {
  if (ids.length === 0) return null;
  return (
    <div>
      <Text fw={600} mb={4}>
        {title} {ids.length === 1 ? "1 lesson" : `${ids.length} lessons`}
      </Text>
      <List size="sm" spacing={2}>
        {ids.map((id) => (
          <List.Item key={id}>{lessonById.get(id)?.title}</List.Item>
        ))}
      </List>
    </div>
  );
}

/** Classroom spec §4 "Started but unassigned lesson": ask before taking it over. */
function StartedOnTheirOwnModal({
  lesson,
  students,
  onCancel,
  onConfirm,
}: {
  lesson: AssignableLesson | null;
  students: AssignmentStudent[];
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={lesson !== null} onClose={onCancel} title="Started on their own">
      <Stack gap="md">
        <Text>
          {students.map((s) => s.name).join(", ")} {students.length === 1 ? "has" : "have"} already
          started <strong>{lesson?.title}</strong> on their own. Assign it to the selected students?
          Their progress is kept.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onConfirm}>Assign and Keep Progress</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
