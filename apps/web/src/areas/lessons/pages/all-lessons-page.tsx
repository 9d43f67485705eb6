import { Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconBook } from "@tabler/icons-react";
import { LessonTile } from "../../../components/lesson-tile.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { type EmptyListText, QueryList } from "../../../components/query-list.tsx";
import { useCatalogLevels } from "../api/get-catalog.ts";

const NO_LESSONS: EmptyListText = {
  icon: <IconBook />,
  title: "No lessons yet",
  description: "The catalog has no published lessons yet.",
};

/** Every lesson of the catalog, one section per reading level. */
export function AllLessonsPage() {
  const levels = useCatalogLevels();

  return (
    <Stack gap="xl">
      <PageTitle>All Lessons</PageTitle>
      <QueryList query={levels} loading="Loading Lessons..." empty={NO_LESSONS}>
        {(list) =>
          list.map((level) => (
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
      </QueryList>
    </Stack>
  );
}
