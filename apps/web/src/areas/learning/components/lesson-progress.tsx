import { Badge, Group } from "@mantine/core";
import { type LessonProgressSummary, percentText, READ_ALONGS_REQUIRED } from "@refrain/domain";

/** What is left of a lesson, as small badges: read-alongs, days 1–3 with "try again", day 4. */
export function LessonProgressBadges({ progress }: { progress: LessonProgressSummary }) {
  // Without "require 3x" the read-alongs unlock nothing, but three is still the goal shown.
  const required = progress.readAlongsRequired || READ_ALONGS_REQUIRED;
  if (progress.completed) {
    return (
      <Group gap={6}>
        <Badge color="teal" variant="filled">
          Completed
        </Badge>
      </Group>
    );
  }
  return (
    <Group gap={6}>
      <Badge color={progress.readAlongs >= required ? "teal" : "gray"} variant="light">
        Read-alongs {Math.min(progress.readAlongs, required)}/{required}
      </Badge>
      {progress.days.map((day) => (
        <Badge
          key={day.day}
          color={day.retake ? "orange" : day.percent === null ? "gray" : "teal"}
          variant="light"
        >
          Day {day.day}: {day.percent === null ? "to do" : percentText(day.percent)}
          {day.retake && " · try again"}
        </Badge>
      ))}
      <Badge color={progress.extension.state === "submitted" ? "teal" : "gray"} variant="light">
        Day 4:{" "}
        {progress.extension.state === "submitted"
          ? "handed in"
          : progress.extension.state === "draft"
            ? "draft saved"
            : "to do"}
      </Badge>
    </Group>
  );
}
