import { Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconBook } from "@tabler/icons-react";
import { LessonTile } from "../../../components/lesson-tile.tsx";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { useCatalog } from "../api/get-catalog.ts";

/** Every lesson of the catalog, one section per reading level. */
export function AllLessonsPage() {
  useDocumentTitle("All Lessons · Refrain");
  const catalog = useCatalog();

  return (
    <Stack gap="xl">
      <Title order={1}>All Lessons</Title>
      <QueryState
        query={catalog}
        loading="Loading Lessons..."
        isEmpty={(answer) => answer.data.levels.length === 0}
        empty={
          <EmptyList
            icon={<IconBook />}
            title="No lessons yet"
            description="The catalog has no published lessons yet."
          />
        }
      >
        {(answer) =>
          answer.data.levels.map((level) => (
            <section key={level.id} aria-labelledby={`level-${level.id}`}>
              <Group gap="sm" mb="sm" align="center">
                {/* The level's name only: a grade tag beside it would say the same again. */}
                <Title order={2} fz="xl" id={`level-${level.id}`}>
                  {level.name}
                </Title>
                <Text c="dimmed" size="sm">
                  {level.lessons.length === 1 ? "1 lesson" : `${level.lessons.length} lessons`}
                </Text>
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
                {level.lessons.map((lesson) => (
                  <LessonTile
                    key={lesson.lessonid}
                    lesson={lesson}
                    to={`/lessons/${lesson.lessonid}`}
                  />
                ))}
              </SimpleGrid>
            </section>
          ))
        }
      </QueryState>
    </Stack>
  );
}
