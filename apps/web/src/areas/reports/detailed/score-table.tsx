import { Anchor, Button, Stack, Table, Text } from "@mantine/core";
import type { LessonScoreRow } from "@refrain/domain";
import { Link } from "react-router";
import { type Column, ListTable } from "../../../components/list-table.tsx";
import type { ScoreReset } from "../api/detailed-report.ts";
import { figure } from "../components/figure.ts";
import { shownDay } from "./shown-day.ts";

/** The confirmations of grading spec §8, asked before each reset. */
export const RESET_LESSON_PROMPT = "Are you sure you want to reset scores for this lesson?";
export const RESET_STUDENT_PROMPT = "Are you sure you want to reset the scores for this student?";

export const extensionAnswerPath = (lessonId: number, studentId: number) =>
  `/teacher/reports/extension_answer?lesson_id=${lessonId}&student_id=${studentId}`;

type DayScore = LessonScoreRow["scores"]["days"][number];

/** "Reset day 2", named with its lesson for a screen reader going from button to button. */
function ResetButton({
  label,
  lesson,
  disabled,
  onClick,
}: {
  label: string;
  lesson: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="compact-xs"
      variant="light"
      color="red"
      aria-label={`${label} of ${lesson}`}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}

/** A day's latest attempt: its date, correct of solved, and percent; a dash before it is taken. */
function DayCell({
  day,
  lesson,
  reset,
  busy,
}: {
  day: DayScore;
  lesson: string;
  reset: (() => void) | null;
  busy: boolean;
}) {
  return (
    <Table.Td>
      {day.date === null ? (
        <Text size="sm" c="dimmed" aria-label="Not taken">
          —
        </Text>
      ) : (
        <Stack gap={2} align="flex-start">
          <Text size="sm">{shownDay(day.date)}</Text>
          <Text size="sm">
            {day.correct}/{day.solved}
            {day.percent !== null && ` · ${day.percent}%`}
          </Text>
          {reset && (
            <ResetButton
              label={`Reset day ${day.day}`}
              lesson={lesson}
              disabled={busy}
              onClick={reset}
            />
          )}
        </Stack>
      )}
    </Table.Td>
  );
}

/**
 * The tables' columns, each figure's a set share of the width: the three tables stand one under
 * another, and their days line up whatever their lessons' titles. The lesson takes the rest.
 */
const SCORE_COLUMNS: Column[] = [
  "Lesson",
  { name: "Day 1", width: "14%" },
  { name: "Day 2", width: "14%" },
  { name: "Day 3", width: "14%" },
  { name: "Most Recent", width: "11%" },
  { name: "Extension Points", width: "12%" },
  { name: "Overall", width: "10%" },
];

/**
 * One of the detailed report's tables (classroom spec "Detailed student report score tables"):
 * a row per lesson with days 1–3, the most recent date, the extension points (a link to the
 * answer's review) and the overall percent. `onReset` is set while Reset Scores... is on.
 */
export function ScoreTable({
  title,
  rows,
  studentId,
  onReset,
  busy,
}: {
  title: string;
  rows: readonly LessonScoreRow[];
  studentId: number;
  onReset: ((reset: ScoreReset) => void) | null;
  busy: boolean;
}) {
  return (
    // Its headings wrap so that all seven columns fit a tablet held upright (820 px).
    <ListTable minWidth={720} wrapHeadings label={title} columns={SCORE_COLUMNS}>
      {rows.map((row) => {
        const { extension } = row.scores;
        return (
          <Table.Tr key={row.id} data-lesson={row.id}>
            <Table.Td>
              <Text size="sm" fw={600}>
                {row.title}
              </Text>
            </Table.Td>
            {row.scores.days.map((day) => (
              <DayCell
                key={day.day}
                day={day}
                lesson={row.title}
                busy={busy}
                reset={onReset && (() => onReset({ lesson_id: row.id, day: day.day as 1 | 2 | 3 }))}
              />
            ))}
            <Table.Td>
              {row.scores.most_recent_date ? shownDay(row.scores.most_recent_date) : "—"}
            </Table.Td>
            <Table.Td>
              {extension.submitted ? (
                <Stack gap={2} align="flex-start">
                  <Anchor component={Link} to={extensionAnswerPath(row.id, studentId)} size="sm">
                    {extension.points === null ? "Not scored" : `${extension.points} of 3`}
                  </Anchor>
                  {onReset && (
                    <ResetButton
                      label="Reset day 4"
                      lesson={row.title}
                      disabled={busy}
                      onClick={() => onReset({ lesson_id: row.id, day: 4 })}
                    />
                  )}
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  Not handed in
                </Text>
              )}
            </Table.Td>
            <Table.Td>{figure(row.overall, "%")}</Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
