import { Anchor, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { EXAM_DAYS, type LessonDetail, lessonsCalls, pathOf } from "@refrain/domain";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { GradeTag } from "../../../components/grade-tag.tsx";
import { genreLine } from "../../../components/lesson-tile.tsx";
import { NotFoundPage } from "../../../components/not-found-page.tsx";
import { QueryState } from "../../../components/page-states.tsx";
import { VideoPlayer } from "../../../components/video-player/video-player.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useLesson } from "../api/get-lesson.ts";

/**
 * One lesson: its tile information, its song to listen to, the lyrics line by line, and the
 * day 4 prompt.
 */
export function LessonPage() {
  const lessonId = Number(useParams().id);
  if (!Number.isInteger(lessonId) || lessonId <= 0) return <NotFoundPage />;
  return <Lesson lessonId={lessonId} />;
}

function Lesson({ lessonId }: { lessonId: number }) {
  const lesson = useLesson(lessonId);
  useDocumentTitle(lesson.data ? `${lesson.data.data.ltitle} · Refrain` : "Lesson · Refrain");
  if (lesson.error instanceof ApiError && lesson.error.status === 404) return <NotFoundPage />;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/lessons" size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          All Lessons
        </Group>
      </Anchor>
      <QueryState query={lesson}>{(answer) => <LessonBody lesson={answer.data} />}</QueryState>
    </Stack>
  );
}

function LessonBody({ lesson }: { lesson: LessonDetail }) {
  return (
    <>
      <Paper withBorder p="lg">
        <Group gap="lg" wrap="nowrap" align="flex-start">
          <Image src={lesson.logo_url} alt="" w={96} h={96} radius="md" />
          <Stack gap={6}>
            <Title order={1}>{lesson.ltitle}</Title>
            <GradeTag gradeLabel={lesson.gradeLabel} w="fit-content" />
            <Text c="dimmed">{genreLine(lesson)}</Text>
            <Group gap="lg">
              <Text size="sm">Lexile {lesson.lexile_measure}</Text>
              <Text size="sm">{lesson.wordspermin} WPM</Text>
            </Group>
          </Stack>
        </Group>
        <Group gap="xs" mt="md" role="group" aria-label="Exam preview">
          <Text size="sm" fw={600} mr={4}>
            Exam preview
          </Text>
          {EXAM_DAYS.map((day) => (
            <Button
              key={day}
              component={Link}
              to={`/lessons/${lesson.lessonid}/exam/${day}`}
              variant="light"
              size="xs"
            >
              Day {day}
            </Button>
          ))}
        </Group>
      </Paper>
      <Paper withBorder p="lg">
        <Title order={2} fz="lg">
          Listen
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {/* Admins and staff open this page too: they have no students of their own. */}
          The read-along song students hear; its words are below.
        </Text>
        {/* Captions would be the word timings, one word at a time: the lyrics say it better.
            Nothing loads until Play: opening a lesson should not download (or make) its song. */}
        <VideoPlayer
          audioOnly
          title={`${lesson.ltitle} read-along`}
          sources={[{ path: pathOf(lessonsCalls.track, { lessonId: lesson.lessonid }) }]}
          preload="none"
          quizLink={`/lessons/${lesson.lessonid}/exam/1`}
        />
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="lg">
          <Title order={2} fz="lg" mb="sm">
            Lyrics
          </Title>
          <Lyrics words={lesson.words} />
        </Paper>
        <Paper withBorder p="lg" h="fit-content">
          <Title order={2} fz="lg" mb="sm">
            Day 4 Extension
          </Title>
          <Text>{lesson.extensionPrompt}</Text>
        </Paper>
      </SimpleGrid>
    </>
  );
}

/**
 * The words laid out again by their line numbers: a line number with no words is the blank
 * line between two stanzas.
 */
function Lyrics({ words }: { words: LessonDetail["words"] }) {
  const lines = new Map<number, string[]>();
  for (const word of words) lines.set(word.line, [...(lines.get(word.line) ?? []), word.text]);
  const first = Math.min(...lines.keys());
  const numbers = Array.from(
    { length: Math.max(...lines.keys()) - first + 1 },
    (_, i) => first + i,
  );
  return (
    <div>
      {numbers.map((line) => {
        const text = lines.get(line);
        return text ? (
          <Text key={line} size="lg" lh={1.6}>
            {text.join(" ")}
          </Text>
        ) : (
          <div key={line} style={{ height: "var(--mantine-spacing-md)" }} aria-hidden />
        );
      })}
    </div>
  );
}
