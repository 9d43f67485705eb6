import { useDroppable } from "@dnd-kit/core";
import { Anchor, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { type GroupMember, groupsMessages } from "@refrain/domain";
import { IconFilter } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import classes from "./group-place.module.css";
import { placeId, StudentChip, studentName } from "./student-chip.tsx";

export const UNGROUPED_NAME = "Students without a group";

/** The students in no group, filterable; dropping a student here takes them out of their group. */
export function UngroupedList({
  students,
  classSize,
}: {
  students: GroupMember[];
  classSize: number;
}) {
  const [filter, setFilter] = useState("");
  const { setNodeRef, isOver } = useDroppable({
    id: placeId(0),
    data: { name: UNGROUPED_NAME },
  });
  const query = filter.trim().toLowerCase();
  const shown = query
    ? students.filter((s) => studentName(s).toLowerCase().includes(query))
    : students;

  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-labelledby="ungrouped-heading"
      withBorder
      p="md"
      className={classes.place}
      data-over={isOver || undefined}
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="ungrouped-heading">
          {UNGROUPED_NAME}
        </Title>
        <TextInput
          aria-label="Filter student list"
          placeholder={groupsMessages.filterPlaceholder}
          leftSection={<IconFilter size={16} />}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
        {classSize === 0 ? (
          <Text c="dimmed" size="sm">
            Your class has no students yet.{" "}
            <Anchor component={Link} to="/teacher/roster">
              Add students
            </Anchor>{" "}
            first.
          </Text>
        ) : students.length === 0 ? (
          <Text c="dimmed" size="sm">
            {groupsMessages.allPlaced}
          </Text>
        ) : shown.length === 0 ? (
          <Text c="dimmed" size="sm">
            No student matches “{filter.trim()}”.
          </Text>
        ) : (
          <Stack component="ul" gap={6} className={classes.list}>
            {shown.map((member) => (
              <li key={member.userId} style={{ display: "flex" }}>
                <StudentChip member={member} groupId={0} />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
