import { Card, Group, Image, Stack, Text } from "@mantine/core";
import type { LessonSummary } from "@refrain/domain";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { GradeTag } from "./grade-tag.tsx";
import classes from "./lesson-tile.module.css";

/** The lesson's genres: story genre / subject / music genre (classroom spec "lesson tile"). */
export const genreLine = (lesson: Pick<LessonSummary, "storygenre" | "subject" | "musicgenre">) =>
  [lesson.storygenre, lesson.subject, lesson.musicgenre].filter(Boolean).join(" / ");

/**
 * The top of a lesson's tile: its logo (`logoSize` pixels square) beside its title and grade,
 * then its genres; `mark` stands before the logo (a tile that is a checkbox shows its box there).
 */
export function LessonTileTop({
  logo,
  logoSize,
  title,
  gradeLabel,
  genres,
  mark,
}: {
  logo: string;
  logoSize: number;
  title: string;
  gradeLabel: string;
  genres: string;
  mark?: ReactNode;
}) {
  return (
    <>
      <Group gap="md" wrap="nowrap" align="flex-start">
        {mark}
        <Image src={logo} alt="" w={logoSize} h={logoSize} radius="md" />
        <Stack gap={6} miw={0}>
          <Text fw={600} lh={1.3} lineClamp={2}>
            {title}
          </Text>
          <GradeTag gradeLabel={gradeLabel} size="sm" w="fit-content" />
        </Stack>
      </Group>
      {/* Whole, on as many lines as it takes: cut to one, a long line lost its music genre. */}
      <Text size="sm" c="dimmed" mt="sm">
        {genres}
      </Text>
    </>
  );
}

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
      <LessonTileTop
        logo={lesson.logo_url}
        logoSize={64}
        title={lesson.ltitle}
        gradeLabel={lesson.gradeLabel}
        genres={genreLine(lesson)}
      />
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
