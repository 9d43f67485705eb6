import { Badge, type BadgeProps, type MantineColor } from "@mantine/core";
import { type GradeTagKey, gradeTagKey } from "@refrain/domain";

/** One color per grade, so a level reads at a glance across lists (classroom spec "Grade tag"). */
const GRADE_COLORS: Record<GradeTagKey, MantineColor> = {
  kindergarten: "pink",
  "first-grade": "orange",
  "second-grade": "yellow",
  "third-grade": "green",
  "fourth-grade": "blue",
  "fifth-grade": "violet",
  "all-benchmarks": "dark",
  unknown: "gray",
};

export function GradeTag({ gradeLabel, ...props }: { gradeLabel: string } & BadgeProps) {
  const key = gradeTagKey(gradeLabel);
  return (
    <Badge color={GRADE_COLORS[key]} variant="light" tt="none" data-grade={key} {...props}>
      {gradeLabel}
    </Badge>
  );
}
