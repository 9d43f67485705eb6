import { useDroppable } from "@dnd-kit/core";
import { ActionIcon, Anchor, Badge, Group, Menu, Paper, Stack, Text, Title } from "@mantine/core";
import { type GroupMember, groupsMessages, type StudentGroup } from "@refrain/domain";
import { IconDots, IconPencil, IconTrash } from "@tabler/icons-react";
import classes from "./group-place.module.css";
import { placeId, StudentChip, studentName } from "./student-chip.tsx";

export interface GroupCardProps {
  group: StudentGroup;
  collapsed: boolean;
  onToggle: () => void;
  onRemove: (member: GroupMember) => void;
  onRename: () => void;
  onDelete: () => void;
}

/** One group: its name, members (each with a trash icon) and the place to drop students. */
export function GroupCard({ group, collapsed, ...actions }: GroupCardProps) {
  const { id, name } = group.details;
  const { setNodeRef, isOver } = useDroppable({ id: placeId(id), data: { name } });
  const count = group.memberships.length;
  const headingId = `group-${id}-name`;
  const membersId = `group-${id}-members`;

  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-labelledby={headingId}
      withBorder
      p="md"
      className={classes.place}
      data-over={isOver || undefined}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Title order={3} fz="lg" id={headingId} lineClamp={1}>
            {name}
          </Title>
          <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
            {count === 1 ? "1 student" : `${count} students`}
          </Badge>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={actions.onToggle}
            aria-expanded={!collapsed}
            aria-controls={membersId}
          >
            {collapsed ? groupsMessages.expand : groupsMessages.collapse}
          </Anchor>
          <Menu position="bottom-end" withArrow>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Options for ${name}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={actions.onRename}>
                Rename group
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={actions.onDelete}
              >
                Delete group
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      {!collapsed && (
        <div id={membersId}>
          {count === 0 ? (
            <Text c="dimmed" size="sm" mt="sm">
              {groupsMessages.emptyGroup}
            </Text>
          ) : (
            <Stack component="ul" gap={6} mt="sm" className={classes.list}>
              {group.memberships.map((member) => (
                <Group component="li" key={member.userId} gap="xs" wrap="nowrap">
                  <StudentChip member={member} groupId={id} />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${studentName(member)} from ${name}`}
                    onClick={() => actions.onRemove(member)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          )}
        </div>
      )}
    </Paper>
  );
}
