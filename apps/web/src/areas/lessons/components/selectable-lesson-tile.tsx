import { Badge, Checkbox, Group, Text } from "@mantine/core";
import type { AssignableLesson, LessonCheckState } from "@refrain/domain";
import { useId } from "react";
import { genreLine, LessonTileTop } from "../../../components/lesson-tile.tsx";
import classes from "./selectable-lesson-tile.module.css";

export interface TileStatus {
  /** How many of the selected students have the lesson assigned or completed. */
  holders: number;
  selected: number;
  /** How many of them started it on their own. */
  ownStarted: number;
}

/**
 * A lesson tile that is itself the tri-state checkbox of the Assign Lessons page: logo,
 * title, grade tag, genres, Lexile and WPM, and where the selected students stand with it.
 */
export function SelectableLessonTile({
  lesson,
  state,
  pending,
  status,
  onToggle,
}: {
  lesson: AssignableLesson;
  state: LessonCheckState;
  pending: "assign" | "remove" | null;
  status: TileStatus;
  onToggle: () => void;
}) {
  const statusId = useId();
  return (
    <Checkbox.Card
      className={classes.tile}
      radius="md"
      checked={state === "checked"}
      indeterminate={state === "indeterminate"}
      onClick={onToggle}
      aria-label={lesson.title}
      aria-describedby={statusId}
      data-pending={pending ?? undefined}
      p="md"
      h="100%"
    >
      <LessonTileTop
        mark={<Checkbox.Indicator mt={2} />}
        logo={lesson.logo}
        logoSize={56}
        title={lesson.title}
        gradeLabel={lesson.grade_level}
        genres={genreLine(lesson)}
      />
      <Group gap="md" mt={4} justify="space-between" wrap="nowrap">
        <Group gap="md" wrap="nowrap">
          <Text size="sm">Lexile {lesson.lexile}</Text>
          <Text size="sm">{lesson.wpm} WPM</Text>
        </Group>
        {pending && (
          <Badge size="sm" variant="light" color={pending === "assign" ? "teal" : "red"} tt="none">
            {pending === "assign" ? "To assign" : "To remove"}
          </Badge>
        )}
      </Group>
      <Text id={statusId} size="xs" c="dimmed" mt={6}>
        {statusText(status)}
      </Text>
    </Checkbox.Card>
  );
}

function statusText({ holders, selected, ownStarted }: TileStatus): string {
  const have =
    holders === 0
      ? "Not assigned"
      : holders === selected
        ? selected === 1
          ? "Assigned"
          : `Assigned to all ${selected}`
        : `Assigned to ${holders} of ${selected}`;
  return ownStarted > 0 ? `${have} · started by ${ownStarted} on their own` : have;
}
