import { Button, Checkbox, Group, Paper, Table, Text } from "@mantine/core";
import type { AssignmentStudent } from "@refrain/domain";
import { IconArrowRight } from "@tabler/icons-react";

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
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
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
                <Table.Th ta="center">Assigned</Table.Th>
                <Table.Th ta="center">Started</Table.Th>
                <Table.Th ta="center">Completed</Table.Th>
                <Table.Th ta="center">On Their Own</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {students.map((student) => (
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
                  <Table.Td ta="center">{student.assigned_lessons.length}</Table.Td>
                  <Table.Td ta="center">{student.started_lessons.length}</Table.Td>
                  <Table.Td ta="center">{student.completed_lessons.length}</Table.Td>
                  <Table.Td ta="center">{student.unassigned_lessons.length}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
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
