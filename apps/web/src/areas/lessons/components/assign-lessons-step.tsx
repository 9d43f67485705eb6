import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import {
  type AssignableLesson,
  type AssignmentStudent,
  type LessonSelection,
  lessonCheckState,
  lessonHolders,
  studentsWithStartedUnassigned,
} from "@refrain/domain";
import { IconArrowLeft, IconChecklist } from "@tabler/icons-react";
import { useState } from "react";
import { SelectableLessonTile } from "./selectable-lesson-tile.tsx";

const ALL_LEVELS = "all";

/**
 * Step 2 of Assign Lessons: every lesson by reading level, each a tri-state checkbox over the
 * selected students, and a bar with the pending change.
 */
export function AssignLessonsStep({
  byLevel,
  students,
  selection,
  onToggle,
  onBack,
  onReview,
}: {
  byLevel: Record<string, AssignableLesson[]>;
  students: readonly AssignmentStudent[];
  selection: LessonSelection;
  onToggle: (lesson: AssignableLesson) => void;
  onBack: () => void;
  onReview: () => void;
}) {
  const levels = Object.entries(byLevel).filter(([, lessons]) => lessons.length > 0);
  // Students of one level mostly get lessons of that level: start there.
  const [level, setLevel] = useState<string>(() => {
    const own = new Set(students.map((s) => s.level));
    const [only] = own;
    return own.size === 1 && only && levels.some(([name]) => name === only) ? only : ALL_LEVELS;
  });
  const shown = level === ALL_LEVELS ? levels : levels.filter(([name]) => name === level);
  const changes = selection.assign.length + selection.remove.length;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Text c="dimmed" maw={560}>
          A checked lesson is assigned to (or completed by) every selected student, a dash means
          some of them have it. Click a lesson to assign it to all of them, or click a checked one
          to remove it.
        </Text>
        <Select
          label="Reading level"
          w={220}
          allowDeselect={false}
          value={level}
          onChange={(value) => setLevel(value ?? ALL_LEVELS)}
          data={[
            { value: ALL_LEVELS, label: "All levels" },
            ...levels.map(([name]) => ({ value: name, label: name })),
          ]}
        />
      </Group>

      {shown.map(([name, lessons]) => (
        <section key={name} aria-labelledby={`assign-level-${slug(name)}`}>
          {/* The level's name only: its grade tag would say the same again. */}
          <Title order={3} fz="lg" mb="sm" id={`assign-level-${slug(name)}`}>
            {name}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {lessons.map((lesson) => (
              <SelectableLessonTile
                key={lesson.id}
                lesson={lesson}
                state={lessonCheckState(lesson.id, students, selection)}
                pending={
                  selection.assign.includes(lesson.id)
                    ? "assign"
                    : selection.remove.includes(lesson.id)
                      ? "remove"
                      : null
                }
                status={{
                  holders: lessonHolders(lesson.id, students),
                  selected: students.length,
                  ownStarted: studentsWithStartedUnassigned(lesson.id, students).length,
                }}
                onToggle={() => onToggle(lesson)}
              />
            ))}
          </SimpleGrid>
        </section>
      ))}

      <Paper
        withBorder
        shadow="sm"
        p="sm"
        pos="sticky"
        bottom={8}
        style={{ zIndex: 2 }}
        aria-label="Pending change"
        component="section"
      >
        <Group justify="space-between" wrap="nowrap">
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
            Back to Students
          </Button>
          <Text size="sm" c="dimmed" ta="center" aria-live="polite">
            {changeText(selection)}
          </Text>
          <Button
            leftSection={<IconChecklist size={16} />}
            disabled={changes === 0}
            onClick={onReview}
          >
            Review and Save
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");

const lessons = (n: number) => (n === 1 ? "1 lesson" : `${n} lessons`);

function changeText({ assign, remove }: LessonSelection): string {
  if (assign.length === 0 && remove.length === 0) return "No changes yet";
  const parts = [];
  if (assign.length > 0) parts.push(`${lessons(assign.length)} to assign`);
  if (remove.length > 0) parts.push(`${lessons(remove.length)} to remove`);
  return parts.join(" · ");
}
