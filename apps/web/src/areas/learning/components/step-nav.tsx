import { Button, Group } from "@mantine/core";
import {
  type LessonProgressSummary,
  READ_ALONGS_REQUIRED,
  type StudentLessonRecordings,
} from "@refrain/domain";
import { IconAlertTriangle, IconCircleCheck, IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  isRecordingStep,
  PLAYER_STEPS,
  type PlayerStep,
  playerPath,
  RECORDING_STEPS,
} from "../player-path.ts";

type Mark = "done" | "retake" | "locked" | "sent" | null;

/** How a step stands for the student: done (or sent), to try again, locked, or still to do. */
function markOf(
  step: PlayerStep,
  progress: LessonProgressSummary | undefined,
  recordings: StudentLessonRecordings | undefined,
): Mark {
  if (isRecordingStep(step)) {
    const option = recordings?.options[RECORDING_STEPS[step]];
    return option === "sent" ? "sent" : option === "locked" ? "locked" : null;
  }
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
  sent: <IconCircleCheck size={18} />,
};
const markText: Record<Exclude<Mark, null>, string> = {
  done: "done",
  retake: "try again",
  locked: "locked",
  sent: "sent",
};

const LABELS: Partial<Record<PlayerStep, string>> = {
  read: "Read along",
  "cold-read": "Cold read",
  "hot-read": "Hot read",
  benchmark: "Benchmark reading",
};

/** A recording step shows only where the student may record that reading of this lesson. */
const shows = (step: PlayerStep, recordings: StudentLessonRecordings | undefined) =>
  !isRecordingStep(step) ||
  (recordings?.allowed === true && recordings.options[RECORDING_STEPS[step]] !== "none");

/** The lesson's steps as large buttons; each says whether it is done, to retry or locked. */
export function StepNav({
  lessonId,
  step,
  progress,
  recordings,
}: {
  lessonId: number;
  step: PlayerStep;
  progress: LessonProgressSummary | undefined;
  /** The student's readings of the lesson, once loaded; none in a preview. */
  recordings?: StudentLessonRecordings;
}) {
  const steps = PLAYER_STEPS.filter((s) => shows(s, recordings));
  const tab = (s: PlayerStep) => {
    const mark = markOf(s, progress, recordings);
    const current = s === step;
    const label = LABELS[s] ?? `Day ${s}`;
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
        flex="1 0 auto"
      >
        {label}
      </Button>
    );
  };
  return (
    <nav aria-label="Lesson steps">
      {/* Each tab is as wide as its label and mark at least, never clipped. The readings and the
          days are two rows of their own when one row cannot hold them all (a tablet held
          upright), each row's tabs sharing its width, rather than a row of leftovers; on a phone
          a row wraps too (it shrinks to the page rather than stretching it). */}
      <Group gap="xs">
        {[steps.filter((s) => s in LABELS), steps.filter((s) => !(s in LABELS))].map(
          (row) =>
            row.length > 0 && (
              <Group key={row[0]} gap="xs" flex="1 1 auto">
                {row.map(tab)}
              </Group>
            ),
        )}
      </Group>
    </nav>
  );
}
