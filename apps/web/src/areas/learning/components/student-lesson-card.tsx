import { Card, Group, Image, Stack, Text } from "@mantine/core";
import type { LessonProgressSummary, LessonSummary } from "@refrain/domain";
import { Link } from "react-router";
import { GradeTag } from "../../../components/grade-tag.tsx";
import classes from "../../../components/lesson-tile.module.css";
import { genreLine } from "../../../components/lesson-tile.tsx";
import { playerPath } from "../player-path.ts";
import { LessonProgressBadges } from "./lesson-progress.tsx";

/** A lesson on the student's home: the whole card opens the lesson player. */
export function StudentLessonCard({
  lesson,
  progress,
}: {
  lesson: LessonSummary;
  progress?: LessonProgressSummary;
}) {
  return (
    <Card
      withBorder
      padding="md"
      h="100%"
      component={Link}
      to={playerPath(lesson.lessonid)}
      className={classes.link}
    >
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Image src={lesson.logo_url} alt="" w={72} h={72} radius="md" />
        <Stack gap={6} miw={0}>
          <Text fw={600} fz="lg" lh={1.3} lineClamp={2}>
            {lesson.ltitle}
          </Text>
          <GradeTag gradeLabel={lesson.gradeLabel} size="sm" w="fit-content" />
        </Stack>
      </Group>
      <Text size="sm" c="dimmed" mt="sm" lineClamp={1}>
        {genreLine(lesson)}
      </Text>
      {progress && (
        <Stack mt="sm" gap={4}>
          <LessonProgressBadges progress={progress} />
        </Stack>
      )}
    </Card>
  );
}
