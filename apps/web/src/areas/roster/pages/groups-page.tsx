import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { EmptyState, Grid, Paper, Stack, Text, Title } from "@mantine/core";
import { classWords, type GroupMember, type GroupsState, type StudentGroup } from "@refrain/domain";
import { IconUsersGroup } from "@tabler/icons-react";
import { useMemo, useRef, useState } from "react";
import { confirmDanger, notifyFailure } from "../../../components/notices.tsx";
import { QueryState } from "../../../components/page-states.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useViewerRole } from "../../../lib/viewer-role.ts";
import { TutorialPopup, WithTour } from "../../help/index.ts";
import { useDeleteGroup } from "../api/delete-group.ts";
import { useGroups } from "../api/list-groups.ts";
import { useMoveStudent } from "../api/move-student.ts";
import { GroupCard } from "../components/group-card.tsx";
import { CreateGroupForm, RenameGroupModal } from "../components/group-name-form.tsx";
import { placeByPlace } from "../components/keyboard-moves.ts";
import { placeId, StudentChipOverlay, studentName } from "../components/student-chip.tsx";
import { UNGROUPED_NAME, UngroupedList } from "../components/ungrouped-list.tsx";

// The pointer decides when there is one; keyboard moves have none, so the carried box does.
const collisions: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

/**
 * The window scrolls only while the pointer is within a thin band at its top or bottom edge.
 * dnd-kit's default band is a fifth of the window (144 px at 720 px high): a group at the foot of
 * the window scrolled away under a hand resting on it, and the student fell into the next group
 * or nowhere ("was not moved"). Never sideways: the page does not scroll that way.
 */
const autoScroll = { threshold: { x: 0, y: 0.06 } };

const screenReaderInstructions = {
  draggable:
    "To pick up a student, press Space or Enter. Use the arrow keys to move between the student list and the groups. Press Space or Enter again to drop the student, or Escape to cancel.",
};

/** Student groups (classroom spec "Student groups"): drag students into groups and out again. */
export function GroupsPage() {
  const { groups: title } = classWords(useViewerRole());
  useDocumentTitle(`${title} · Refrain`);
  const groups = useGroups();

  return (
    <WithTour name="groups">
      <Stack gap="md">
        <TutorialPopup name="groups" />
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" mt={4}>
            Drag students into a group. With the keyboard: focus a student, press Space to pick them
            up, use the arrow keys to choose a group and press Space to drop them.
          </Text>
        </div>
        <QueryState query={groups} loading="Loading groups...">
          {(state) => <GroupBoard state={state} />}
        </QueryState>
      </Stack>
    </WithTour>
  );
}

function GroupBoard({ state }: { state: GroupsState }) {
  const move = useMoveStudent();
  const remove = useDeleteGroup();
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [carried, setCarried] = useState<GroupMember | null>(null);
  const [renaming, setRenaming] = useState<StudentGroup | null>(null);

  const places = [placeId(0), ...state.groups.map((g) => placeId(g.details.id))];
  const names = new Map<UniqueIdentifier, string>([
    [placeId(0), `the list of ${UNGROUPED_NAME.toLowerCase()}`],
    ...state.groups.map((g) => [placeId(g.details.id), `the group ${g.details.name}`] as const),
  ]);
  // The keyboard sensor reads the current order when a key is pressed, not at set-up.
  const placesRef = useRef(places);
  placesRef.current = places;
  const coordinateGetter = useMemo(() => placeByPlace(() => placesRef.current), []);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );

  const memberOf = (data: unknown) => (data as { member: GroupMember } | undefined)?.member;
  const nameOf = (id: UniqueIdentifier | undefined) => (id ? (names.get(id) ?? "") : "");
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${studentName(memberOf(active.data.current) as GroupMember)}.`,
    onDragOver: ({ active, over }) => {
      const who = studentName(memberOf(active.data.current) as GroupMember);
      return over ? `${who} is over ${nameOf(over.id)}.` : `${who} is not over a group.`;
    },
    onDragEnd: ({ active, over }) => {
      const who = studentName(memberOf(active.data.current) as GroupMember);
      return over ? `${who} was dropped into ${nameOf(over.id)}.` : `${who} was not moved.`;
    },
    onDragCancel: ({ active }) =>
      `Moving ${studentName(memberOf(active.data.current) as GroupMember)} was canceled.`,
  };

  const place = (member: GroupMember, groupId: number) =>
    move.mutate(
      { studentId: member.userId, groupId },
      {
        onError: notifyFailure(`${studentName(member)} could not be moved`),
      },
    );

  const onDragStart = ({ active }: DragStartEvent) =>
    setCarried(memberOf(active.data.current) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setCarried(null);
    const member = memberOf(active.data.current);
    const from = (active.data.current as { from?: string } | undefined)?.from;
    if (!member || !over || over.id === from) return;
    place(member, Number(String(over.id).slice("group-".length)));
  };

  const confirmDelete = (group: StudentGroup) =>
    confirmDanger({
      title: `Delete the group ${group.details.name}?`,
      message:
        "Its students go back to the list of students without a group. The students themselves are not deleted.",
      confirm: "Delete",
      onConfirm: () =>
        remove.mutate(group.details.id, {
          onError: notifyFailure("The group could not be deleted"),
        }),
    });

  const toggle = (groupId: number) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(groupId)) next.delete(groupId);
      else next.add(groupId);
      return next;
    });

  const classSize =
    state.ungroupedStudents.length + state.groups.reduce((n, g) => n + g.memberships.length, 0);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      autoScroll={autoScroll}
      accessibility={{ announcements, screenReaderInstructions }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setCarried(null)}
    >
      <Grid gap="md" align="flex-start" data-tour="groups-board">
        <Grid.Col span={{ base: 12, sm: 5, md: 4 }}>
          <UngroupedList students={state.ungroupedStudents} classSize={classSize} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7, md: 8 }}>
          <Stack gap="md">
            <div data-tour="groups-create">
              <CreateGroupForm />
            </div>
            {state.groups.length === 0 ? (
              <Paper withBorder p="xl">
                <EmptyState
                  icon={<IconUsersGroup />}
                  withIndicatorBackground
                  title="No groups yet"
                  description="Create a group, then drag students into it."
                />
              </Paper>
            ) : (
              state.groups.map((group) => (
                <GroupCard
                  key={group.details.id}
                  group={group}
                  collapsed={collapsed.has(group.details.id)}
                  onToggle={() => toggle(group.details.id)}
                  onRemove={(member) => place(member, 0)}
                  onRename={() => setRenaming(group)}
                  onDelete={() => confirmDelete(group)}
                />
              ))
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <DragOverlay dropAnimation={null}>
        {carried ? <StudentChipOverlay member={carried} /> : null}
      </DragOverlay>
      {renaming && <RenameGroupModal group={renaming} onClose={() => setRenaming(null)} />}
    </DndContext>
  );
}
