import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text } from "@mantine/core";
import {
  type ReadingSuggestion,
  SUGGESTION_HELP,
  SUGGESTION_HELP_LEVELS,
  type SuggestionHelp,
  suggestionMessages,
} from "@refrain/domain";
import { IconSparkles } from "@tabler/icons-react";
import { useRetrySuggestion, useSetSuggestionHelp } from "./reading-set.ts";
import classes from "./word-grid.module.css";

type Suggested = Extract<ReadingSuggestion, { status: "suggested" }>;

/**
 * A reading's suggested scoring above its words (issues 20, 38): being worked out, declined with
 * its reason, failed with a retry, or made, at the help level the teacher picked (off, the likely
 * misses, all), with a legend of how the words show it and, while grading, the buttons that
 * accept or clear it. Nothing here changes the grade on its own.
 */
export function SuggestionPanel({
  recordingId,
  suggestion,
  shown,
  help,
  editable,
  hidden,
  missedStyle,
  onAccept,
  onClear,
}: {
  recordingId: number;
  missedStyle: "cold" | "hot";
  suggestion: ReadingSuggestion;
  /** The suggestion at the teacher's help level: null when they turned suggestions off. */
  shown: Suggested | null;
  help: SuggestionHelp;
  editable: boolean;
  /** The teacher cleared the suggestions from the words. */
  hidden: boolean;
  onAccept: () => void;
  onClear: () => void;
}) {
  const retry = useRetrySuggestion(recordingId);
  const setHelp = useSetSuggestionHelp();
  const helpControl = (
    <Group gap="xs">
      <Text size="xs" id={`suggestion-help-${recordingId}`}>
        Suggestions shown:
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby={`suggestion-help-${recordingId}`}
        value={help}
        onChange={(value) => setHelp.mutate({ help: value as SuggestionHelp })}
        data={SUGGESTION_HELP_LEVELS.map((value) => ({ value, label: SUGGESTION_HELP[value] }))}
      />
      {setHelp.isError && (
        <Text size="xs" c="red" role="alert">
          Your choice could not be saved. Please try again.
        </Text>
      )}
    </Group>
  );
  switch (suggestion.status) {
    case "pending":
      return (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {suggestionMessages.pending}
          </Text>
        </Group>
      );
    case "declined":
      return (
        <Text size="sm" c="dimmed">
          No suggestions for this reading. {suggestion.reason}
        </Text>
      );
    case "failed":
      return (
        <Group gap="xs" justify="space-between">
          <Text size="sm" c="dimmed">
            {suggestionMessages.failed}
          </Text>
          <Button
            size="xs"
            variant="default"
            loading={retry.isPending}
            onClick={() => retry.mutate()}
          >
            Try again
          </Button>
          {retry.isError && (
            <Text size="sm" c="red" role="alert">
              The suggestions could not be asked for again. Please try once more.
            </Text>
          )}
        </Group>
      );
    case "suggested": {
      if (!shown)
        return (
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              Suggestions are off: turn them on to see the likely missed words and last word.
            </Text>
            {helpControl}
          </Stack>
        );
      const count = shown.missed.length;
      const notShown = suggestion.missed.length - count;
      return (
        <Alert variant="light" color="yellow" icon={<IconSparkles />} p="xs">
          <Stack gap={6}>
            <Text size="sm">
              {count === 0
                ? "No missed words suggested"
                : `${count} missed ${count === 1 ? "word" : "words"} suggested`}
              {notShown > 0 && ` (${notShown} less likely not shown)`}
              {`, about ${shown.wcpm} words correct per minute. `}
              Check each one: a suggestion is a guess from the recording.
            </Text>
            {suggestion.adapted && (
              <Text size="xs" c="dimmed">
                From the recognizer adapted to your school's readings, which teachers' grades have
                taught.
              </Text>
            )}
            {helpControl}
            {!hidden && <Legend missedClass={classes[missedStyle] ?? ""} />}
            {editable && (
              <Group gap="xs">
                <Button size="xs" onClick={onAccept}>
                  Accept suggestions
                </Button>
                <Button size="xs" variant="default" onClick={onClear} disabled={hidden}>
                  Clear suggestions
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      );
    }
  }
}

/** How the words show suggestions beside the teacher's own marks. */
function Legend({ missedClass }: { missedClass: string }) {
  return (
    <Group gap="md" aria-label="How suggestions are shown" role="list">
      <Text size="xs" role="listitem">
        <span className={`${classes.word} ${classes.suggested}`}>word</span> suggested miss
      </Text>
      <Text size="xs" role="listitem">
        <span className={`${classes.word} ${missedClass}`}>word</span> marked missed
      </Text>
      <Text size="xs" role="listitem">
        <span className={`${classes.word} ${missedClass} ${classes.accepted}`}>word</span> accepted
        suggestion
      </Text>
      <Text size="xs" role="listitem">
        <span className={`${classes.word} ${classes.suggestedLast}`}>word</span> suggested last word
      </Text>
    </Group>
  );
}
