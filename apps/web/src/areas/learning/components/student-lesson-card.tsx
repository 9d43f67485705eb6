import { Stack } from "@mantine/core";
import type { LessonProgressSummary, LessonSummary } from "@refrain/domain";
import { LessonTile } from "../../../components/lesson-tile.tsx";
import { playerPath, stepOf } from "../player-path.ts";
import { LessonProgressBadges } from "./lesson-progress.tsx";

/** A lesson on the student's home: the whole tile opens the lesson player where they left off. */
export function StudentLessonCard({
  lesson,
  progress,
}: {
  lesson: LessonSummary;
  progress?: LessonProgressSummary;
}) {
  return (
    <LessonTile lesson={lesson} to={playerPath(lesson.lessonid, stepOf(progress?.next))}>
      {progress && (
        <Stack mt="sm" gap={4}>
          <LessonProgressBadges progress={progress} />
        </Stack>
      )}
    </LessonTile>
  );
}
