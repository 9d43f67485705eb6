import { Button, SimpleGrid } from "@mantine/core";
import { type LessonProgressSummary, READ_ALONGS_REQUIRED } from "@refrain/domain";
import { IconAlertTriangle, IconCircleCheck, IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PLAYER_STEPS, type PlayerStep, playerPath } from "../player-path.ts";

type Mark = "done" | "retake" | "locked" | null;

/** How a step stands for the student: done, to try again, locked, or still to do. */
function markOf(step: PlayerStep, progress: LessonProgressSummary | undefined): Mark {
  if (!progress) return null;
  if (step === "read")
    return progress.readAlongs >= (progress.readAlongsRequired || READ_ALONGS_REQUIRED)
      ? "done"
      : null;
  if (step === "4")
    return progress.extension.state === "submitted"
      ? "done"
      : progress.extension.locked
        ? "locked"
        : null;
  const day = progress.days[Number(step) - 1];
  if (!day) return null;
  if (day.locked) return "locked";
  if (day.retake) return "retake";
  return day.percent === null ? null : "done";
}

const icons: Record<Exclude<Mark, null>, ReactNode> = {
  done: <IconCircleCheck size={18} />,
  retake: <IconAlertTriangle size={18} />,
  locked: <IconLock size={18} />,
};
const markText: Record<Exclude<Mark, null>, string> = {
  done: "done",
  retake: "try again",
  locked: "locked",
};

/** The lesson's steps as large buttons; each says whether it is done, to retry or locked. */
export function StepNav({
  lessonId,
  step,
  progress,
}: {
  lessonId: number;
  step: PlayerStep;
  progress: LessonProgressSummary | undefined;
}) {
  return (
    <nav aria-label="Lesson steps">
      <SimpleGrid cols={{ base: 3, md: 5 }} spacing="xs">
        {PLAYER_STEPS.map((s) => {
          const mark = markOf(s, progress);
          const current = s === step;
          const label = s === "read" ? "Read along" : `Day ${s}`;
          return (
            <Button
              key={s}
              component={Link}
              to={playerPath(lessonId, s)}
              size="md"
              variant={current ? "filled" : "default"}
              color={mark === "retake" && !current ? "orange" : undefined}
              leftSection={mark ? icons[mark] : undefined}
              aria-current={current ? "step" : undefined}
              aria-label={mark ? `${label} (${markText[mark]})` : label}
            >
              {label}
            </Button>
          );
        })}
      </SimpleGrid>
    </nav>
  );
}
