import { Stack } from "@mantine/core";
import type { LessonProgressSummary, LessonSummary } from "@refrain/domain";
import { LessonTile } from "../../../components/lesson-tile.tsx";
import { type PlayerStep, playerPath, stepOf } from "../player-path.ts";
import { LessonProgressBadges } from "./lesson-progress.tsx";

/**
 * A lesson on the student's home: the whole tile opens the lesson player where they left off,
 * or at `step` (a benchmark passage still to read opens at its recording, never the read-along).
 */
export function StudentLessonCard({
  lesson,
  progress,
  step = stepOf(progress?.next),
}: {
  lesson: LessonSummary;
  progress?: LessonProgressSummary;
  step?: PlayerStep;
}) {
  return (
    <LessonTile lesson={lesson} to={playerPath(lesson.lessonid, step)}>
      {progress && (
        <Stack mt="sm" gap={4}>
          <LessonProgressBadges progress={progress} />
        </Stack>
      )}
    </LessonTile>
  );
}
