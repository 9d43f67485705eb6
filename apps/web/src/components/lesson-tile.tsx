import { Card, Group, Image, Stack, Text } from "@mantine/core";
import type { LessonSummary } from "@refrain/domain";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { GradeTag } from "./grade-tag.tsx";
import classes from "./lesson-tile.module.css";

/** The lesson's genres: story genre / subject / music genre (classroom spec "lesson tile"). */
export const genreLine = (lesson: LessonSummary) =>
  [lesson.storygenre, lesson.subject, lesson.musicgenre].filter(Boolean).join(" / ");

/**
 * A lesson's tile; with `to` the whole tile is a link to the lesson, and `children` go below
 * its facts (a student's progress, say).
 */
export function LessonTile({
  lesson,
  to,
  children,
}: {
  lesson: LessonSummary;
  to?: string;
  children?: ReactNode;
}) {
  const content = (
    <>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Image src={lesson.logo_url} alt="" w={64} h={64} radius="md" />
        <Stack gap={6} miw={0}>
          <Text fw={600} lh={1.3} lineClamp={2}>
            {lesson.ltitle}
          </Text>
          <GradeTag gradeLabel={lesson.gradeLabel} size="sm" w="fit-content" />
        </Stack>
      </Group>
      <Text size="sm" c="dimmed" mt="sm" lineClamp={1}>
        {genreLine(lesson)}
      </Text>
      <Group gap="md" mt={4}>
        <Text size="sm">Lexile {lesson.lexile_measure}</Text>
        <Text size="sm">{lesson.wordspermin} WPM</Text>
      </Group>
      {children}
    </>
  );
  return to ? (
    <Card withBorder padding="md" h="100%" component={Link} to={to} className={classes.link}>
      {content}
    </Card>
  ) : (
    <Card withBorder padding="md" h="100%">
      {content}
    </Card>
  );
}
