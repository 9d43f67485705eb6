import { Group, NativeSelect, NumberInput, SimpleGrid, Text, Textarea } from "@mantine/core";
import {
  accuracyPercent,
  correctWordsPerMinute,
  EXPRESSION_SCORES,
  FEEDBACK_MAX,
  gradingMessages,
  shownMeasure,
} from "@refrain/domain";
import type { Dispatch } from "react";
import { accuracyOf, type Draft, type GraderAction } from "./grader.ts";

const EXPRESSION_OPTIONS = [
  { value: "0", label: "(Choose Score)" },
  ...EXPRESSION_SCORES.map((score) => ({ value: `${score}`, label: `${score}` })),
];

/**
 * The grade's boxes (grading spec §2): WPM, Errors (minus the missed words, set by the words
 * list), Expression, the computed CWPM and accuracy %, and the feedback. Read-only outside the
 * grade state.
 */
export function GradeFields({
  draft,
  editable,
  dispatch,
}: {
  draft: Draft;
  editable: boolean;
  dispatch: Dispatch<GraderAction>;
}) {
  const accuracy = accuracyOf(draft);
  const percent = accuracyPercent(draft.wpm, accuracy);
  return (
    <>
      <SimpleGrid cols={3} spacing="sm">
        <NumberInput
          label="WPM"
          value={draft.wpm}
          readOnly={!editable}
          allowDecimal={false}
          min={-1}
          max={400}
          onChange={(value) =>
            dispatch({ type: "wpm", wpm: typeof value === "number" ? value : 0 })
          }
        />
        <NumberInput
          label="Errors"
          description="Set by the missed words"
          value={accuracy}
          readOnly
        />
        <NativeSelect
          label="Expression"
          data={EXPRESSION_OPTIONS}
          value={`${draft.expression}`}
          disabled={!editable}
          onChange={(event) =>
            dispatch({ type: "expression", score: Number(event.currentTarget.value) })
          }
        />
      </SimpleGrid>
      <Group gap="lg" aria-live="polite">
        <Text size="sm">
          CWPM: <strong>{shownMeasure(correctWordsPerMinute(draft.wpm, accuracy))}</strong>
        </Text>
        <Text size="sm">
          Accuracy: <strong>{percent === null ? shownMeasure(null) : `${percent}%`}</strong>
        </Text>
      </Group>
      {editable ? (
        <Textarea
          label="Feedback"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={FEEDBACK_MAX}
          value={draft.feedback}
          onChange={(event) => dispatch({ type: "feedback", feedback: event.currentTarget.value })}
        />
      ) : (
        <div>
          <Text size="sm" fw={500}>
            Feedback
          </Text>
          <Text
            size="sm"
            c={draft.feedback ? undefined : "dimmed"}
            style={{ whiteSpace: "pre-wrap" }}
          >
            {draft.feedback || gradingMessages.noFeedback}
          </Text>
        </div>
      )}
    </>
  );
}
