import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { ListTable } from "../../../components/list-table.tsx";
import { type LevelScope, rangeText, type Tally } from "../scope-sequence.ts";
import { levelAnchor } from "./scope-progression.tsx";

const countText = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

/** What a level covers of one kind (story genres, subjects): each with its number of lessons. */
function Coverage({ label, items }: { label: string; items: Tally[] }) {
  return (
    <Group gap={6} align="center">
      <Text size="sm" fw={600} mr={4}>
        {label}
      </Text>
      {items.map((item) => (
        <Badge key={item.name} variant="light" color="gray" tt="none" fw={500}>
          {item.name}
          {item.lessons > 1 && ` × ${item.lessons}`}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * One reading level: its spans, the genres and subjects it covers, and its lessons from the
 * lowest Lexile measure up; benchmark passages say what they are for.
 */
export function ScopeLevel({
  scope,
  benchmarks = false,
}: {
  scope: LevelScope;
  benchmarks?: boolean;
}) {
  const headingId = levelAnchor(scope.id);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="xl" id={headingId} style={{ scrollMarginTop: 80 }}>
            {scope.name}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {benchmarks
              ? countText(scope.lessons.length, "passage", "passages")
              : countText(scope.lessons.length, "lesson", "lessons")}{" "}
            · Lexile {rangeText(scope.lexile)} · {rangeText(scope.wpm)} words per minute
          </Text>
          {benchmarks && (
            <Text size="sm" mt="xs" maw={760}>
              {/* Admins and staff read this page too, and they assign nothing. */}
              Benchmark passages measure progress rather than teach: a student records an assigned
              passage, and the reading is set against grade-level norms in the fluency graphs.
            </Text>
          )}
        </div>
        <Stack gap="xs">
          <Coverage label="Story genres" items={scope.storyGenres} />
          <Coverage label="Subjects" items={scope.subjects} />
          <Coverage label="Music" items={scope.musicGenres} />
        </Stack>
        <ListTable
          minWidth={640}
          label={`Lessons of ${scope.name}`}
          columns={[
            benchmarks ? "Passage" : "Lesson",
            "Story genre",
            "Subject",
            "Music",
            { name: "Lexile", align: "right" },
            { name: "WPM", align: "right" },
          ]}
        >
          {scope.lessons.map((lesson) => (
            <Table.Tr key={lesson.lessonid}>
              <Table.Td>
                <Anchor component={Link} to={`/lessons/${lesson.lessonid}`} size="sm">
                  {lesson.ltitle}
                </Anchor>
              </Table.Td>
              <Table.Td>{lesson.storygenre}</Table.Td>
              <Table.Td>{lesson.subject}</Table.Td>
              <Table.Td>{lesson.musicgenre}</Table.Td>
              <Table.Td ta="right">{lesson.lexile_measure}</Table.Td>
              <Table.Td ta="right">{lesson.wordspermin}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Stack>
    </Paper>
  );
}
