import { Button, Checkbox, Group, Paper, Table, Text } from "@mantine/core";
import { type AssignmentStudent, type LessonStanding, lessonStanding } from "@refrain/domain";
import { IconArrowRight } from "@tabler/icons-react";

/** The counts' columns: each of a student's lessons is in exactly one. */
const STANDING_COLUMNS: { key: keyof LessonStanding; label: string }[] = [
  { key: "assignedNotStarted", label: "Assigned, not started" },
  { key: "assignedStarted", label: "Assigned, started" },
  { key: "startedOnTheirOwn", label: "Started on their own" },
  { key: "completed", label: "Completed" },
];

/** Step 1 of Assign Lessons: pick the students, seeing their level and where they stand. */
export function AssignStudentsStep({
  students,
  selected,
  onChange,
  onNext,
}: {
  students: readonly AssignmentStudent[];
  selected: ReadonlySet<number>;
  onChange: (selected: Set<number>) => void;
  onNext: () => void;
}) {
  const all = students.length > 0 && students.every((s) => selected.has(s.id));
  const some = !all && students.some((s) => selected.has(s.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };

  return (
    <>
      <Paper withBorder>
        <Table.ScrollContainer minWidth={600} type="native">
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={48}>
                  <Checkbox
                    aria-label="Select all students"
                    checked={all}
                    indeterminate={some}
                    onChange={() => onChange(all ? new Set() : new Set(students.map((s) => s.id)))}
                  />
                </Table.Th>
                <Table.Th>Student</Table.Th>
                <Table.Th visibleFrom="md">Username</Table.Th>
                <Table.Th>Reading Level</Table.Th>
                {STANDING_COLUMNS.map((column) => (
                  <Table.Th key={column.key} ta="center" w={96}>
                    {column.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {students.map((student) => {
                const standing = lessonStanding(student);
                return (
                  <Table.Tr
                    key={student.id}
                    bg={selected.has(student.id) ? "var(--mantine-color-teal-light)" : undefined}
                    onClick={() => toggle(student.id)}
                    style={{ cursor: "pointer" }}
                  >
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${student.name}`}
                        checked={selected.has(student.id)}
                        onChange={() => toggle(student.id)}
                        onClick={(event) => event.stopPropagation()}
                      />
                    </Table.Td>
                    <Table.Td fw={500} style={{ whiteSpace: "nowrap" }}>
                      {student.name}
                    </Table.Td>
                    <Table.Td visibleFrom="md">
                      <Text ff="monospace" size="sm">
                        {student.login}
                      </Text>
                    </Table.Td>
                    <Table.Td>{student.level}</Table.Td>
                    {STANDING_COLUMNS.map((column) => (
                      <Table.Td key={column.key} ta="center">
                        {standing[column.key]}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Text size="sm" c="dimmed" mt="xs">
        Each lesson a student has is counted once. Completed includes lessons finished on their own;
        Started on their own are lessons begun without being assigned.
      </Text>
      <Group justify="space-between" mt="md">
        <Text c="dimmed" aria-live="polite">
          {selected.size === 1 ? "1 student selected" : `${selected.size} students selected`}
        </Text>
        <Button
          rightSection={<IconArrowRight size={16} />}
          disabled={selected.size === 0}
          onClick={onNext}
        >
          Choose Lessons
        </Button>
      </Group>
    </>
  );
}
