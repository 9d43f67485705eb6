import { Button, Group, Modal, Radio, ScrollArea, SimpleGrid, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPlayerPlay } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { LessonTile } from "../../../components/lesson-tile.tsx";
import { QueryState } from "../../../components/page-states.tsx";
import { useSampleLessons } from "../api/get-sample-lessons.ts";
import classes from "./sample-lesson-dialog.module.css";

/** The lesson list scrolls inside the dialog past this height, in pixels. */
const LIST_HEIGHT = 330;

/**
 * "Try a Sample Lesson": pick one of six lessons of the catalog, then open it in the student's
 * lesson player, as a preview that records nothing (classroom spec: /student/learn/{id}/1).
 */
export function SampleLessonDialog() {
  const [opened, dialog] = useDisclosure(false);
  const lessons = useSampleLessons(opened);
  const [choice, setChoice] = useState<string | null>(null);
  const navigate = useNavigate();

  return (
    <>
      <Button variant="default" leftSection={<IconPlayerPlay size={16} />} onClick={dialog.open}>
        Try a Sample Lesson
      </Button>
      <Modal opened={opened} onClose={dialog.close} title="Choose a Lesson to Try" size="xl">
        <ScrollArea h={LIST_HEIGHT} type="auto" offsetScrollbars>
          <QueryState
            query={lessons}
            loading="Loading..."
            isEmpty={(answer) => answer.lessons.length === 0}
            empty={
              <Text c="dimmed" py="xl" ta="center">
                The sample lessons are not available right now.
              </Text>
            }
          >
            {(answer) => (
              <Radio.Group
                value={choice}
                onChange={setChoice}
                label="Pick a lesson to see what your students will read"
                labelProps={{ mb: "sm" }}
              >
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" p={2}>
                  {answer.lessons.map((lesson) => (
                    <Radio.Card
                      key={lesson.lessonid}
                      value={String(lesson.lessonid)}
                      withBorder={false}
                      className={classes.card}
                      aria-label={lesson.ltitle}
                    >
                      <LessonTile lesson={lesson} />
                    </Radio.Card>
                  ))}
                </SimpleGrid>
              </Radio.Group>
            )}
          </QueryState>
        </ScrollArea>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={dialog.close}>
            Cancel
          </Button>
          <Button disabled={!choice} onClick={() => navigate(`/student/learn/${choice}/1`)}>
            View Lesson
          </Button>
        </Group>
      </Modal>
    </>
  );
}
