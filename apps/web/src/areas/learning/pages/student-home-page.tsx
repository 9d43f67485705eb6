import { Blockquote, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconBook } from "@tabler/icons-react";
import { LessonTile } from "../../../components/lesson-tile.tsx";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { useStudentHome } from "../api/get-student-home.ts";

/** A student's home: who they are, their teacher, their level and its lessons. */
export function StudentHomePage() {
  useDocumentTitle("My Lessons · Refrain");
  const home = useStudentHome();
  return (
    <QueryState query={home}>
      {({ data: { firstName, teacherName, level, lessons, feedback } }) => (
        <Stack gap="lg">
          <Paper withBorder p="lg">
            <Title order={1}>Hi {firstName}!</Title>
            <Stack gap={4} mt="xs">
              {teacherName && (
                <Text>
                  Your teacher: <b>{teacherName}</b>
                </Text>
              )}
              <Text>
                Your reading level: <b>{level.name}</b>
              </Text>
            </Stack>
          </Paper>
          {feedback && (
            <Paper withBorder p="lg" component="section" aria-labelledby="teacher-message">
              <Title order={2} fz="lg" id="teacher-message">
                A message from {feedback.teacherName || "your teacher"}
              </Title>
              <Blockquote color="teal" mt="sm" p="md" style={{ whiteSpace: "pre-line" }}>
                {feedback.message}
              </Blockquote>
            </Paper>
          )}
          <Title order={2} fz="xl">
            Lessons for your level
          </Title>
          {lessons.length === 0 ? (
            <EmptyList
              icon={<IconBook />}
              title="No lessons yet"
              description="There are no lessons at your reading level yet."
            />
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              {lessons.map((lesson) => (
                <LessonTile key={lesson.lessonid} lesson={lesson} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      )}
    </QueryState>
  );
}
