import { useDraggable } from "@dnd-kit/core";
import { Text } from "@mantine/core";
import { fullName, type GroupMember } from "@refrain/domain";
import { IconGripVertical } from "@tabler/icons-react";
import classes from "./student-chip.module.css";

export const studentName = (m: GroupMember) => fullName(m.name, m.lastname) || "Unnamed student";

/** The droppable id of a place students can be in: 0 is the ungrouped list. */
export const placeId = (groupId: number) => `group-${groupId}`;

function ChipBody({ member }: { member: GroupMember }) {
  return (
    <>
      <IconGripVertical size={16} color="var(--mantine-color-gray-5)" aria-hidden />
      <Text size="sm" truncate>
        {studentName(member)}
      </Text>
    </>
  );
}

/** A student that can be dragged with the pointer, or picked up with Space and moved with arrows. */
export function StudentChip({ member, groupId }: { member: GroupMember; groupId: number }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `student-${member.userId}`,
    data: { member, from: placeId(groupId) },
  });
  return (
    <div
      ref={setNodeRef}
      className={classes.chip}
      data-dragging={isDragging || undefined}
      {...attributes}
      {...listeners}
    >
      <ChipBody member={member} />
    </div>
  );
}

/** What follows the pointer while a student is carried. */
export function StudentChipOverlay({ member }: { member: GroupMember }) {
  return (
    <div className={classes.chip} data-overlay>
      <ChipBody member={member} />
    </div>
  );
}
