import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import {
  gradingMessages,
  missedWordStyle,
  type Reading,
  type SavedGrade,
  type SuggestedMiss,
  setsLastWord,
  suggestionAtHelp,
  suggestionText,
  wpmFromLastWord,
} from "@refrain/domain";
import { IconAlertCircle } from "@tabler/icons-react";
import { useCallback, useMemo, useReducer, useRef } from "react";
import { DoneAlert } from "../../../../components/form-alerts.tsx";
import { newId } from "../../../../lib/new-id.ts";
import { useRemovedOn } from "../../../privacy/index.ts";
import { createdAt } from "../../created-at.ts";
import { GradeFields } from "./grade-fields.tsx";
import {
  blockedBecause,
  canSetLastWord,
  canSubmit,
  type Grader,
  gradeBodyOf,
  graderReducer,
  initGrader,
} from "./grader.ts";
import { KeyHint } from "./key-hint.tsx";
import { ReadingMedia } from "./reading-media.tsx";
import { useGradeReading, useSuggestionHelp } from "./reading-set.ts";
import { SuggestionPanel } from "./suggestion-panel.tsx";
import { type LessonWord, WordGrid, type WordSuggestion } from "./word-grid.tsx";
import type { WordCommand, WordLines } from "./word-keys.ts";

/** View: how many of a grade's missed words were accepted suggestions, or null when none. */
export function acceptedLine(grade: SavedGrade): string | null {
  const accepted = grade.acceptedWordIds.length;
  const missed = grade.selectedWordIds.length;
  const parts: string[] = [];
  if (accepted > 0)
    parts.push(
      `${accepted} of ${missed} missed ${missed === 1 ? "word was an accepted suggestion" : "words were accepted suggestions"}.`,
    );
  if (grade.lastWordSuggested) parts.push("The last word read was the suggested one.");
  return parts.length > 0 ? parts.join(" ") : null;
}

/**
 * One reading's tab of the grading modal: the reading, its grade's boxes and the lesson's words,
 * graded by mouse or keyboard, through the states of §4 (view, grade → submitting → submitted).
 * `start` lets a test open the tab in a given state; the modal starts from the saved grade.
 */
export function ReadingTab({
  reading,
  words,
  lines,
  onGraded,
  onShare,
  start,
}: {
  reading: Reading;
  words: readonly LessonWord[];
  lines: WordLines;
  onGraded: () => void;
  onShare: (recordingId: number) => void;
  start?: Grader;
}) {
  const [grader, dispatch] = useReducer(graderReducer, reading, (r) => start ?? initGrader(r));
  const grade = useGradeReading(reading.id);
  // Retention removed the video: the grades stay, but there is nothing to show a family.
  const removed = useRemovedOn(reading.id) !== null;
  const { state, draft } = grader;
  const editable = state === "grade";
  const blocked = editable ? blockedBecause(grader) : null;
  const player = useRef<HTMLMediaElement | null>(null);
  const setPlayer = useCallback((element: HTMLMediaElement | null) => {
    player.current = element;
  }, []);

  // The reading's suggestion (issue 20): it may arrive while the modal is open. The teacher's
  // help level (issue 38) decides how much of it the words show and Accept takes.
  const suggestion = reading.suggestion?.status === "suggested" ? reading.suggestion : null;
  const help = useSuggestionHelp();
  const atHelp = useMemo(
    () => (suggestion ? suggestionAtHelp(suggestion, help) : null),
    [suggestion, help],
  );
  const shown = atHelp && !grader.suggestionsHidden ? atHelp : null;
  const suggestedMisses = useMemo(
    () => new Map<number, SuggestedMiss>(shown?.missed.map((m) => [m.wordId, m])),
    [shown],
  );
  const suggestionOf = useCallback(
    (wordId: number): WordSuggestion => {
      const miss = suggestedMisses.get(wordId);
      return {
        miss: miss ? suggestionText(miss) : null,
        accepted: draft.accepted.has(wordId),
        last: shown?.lastWordId === wordId,
      };
    },
    [suggestedMisses, draft.accepted, shown],
  );

  /** Plays the reading from where the word was read, a moment before it; false when unknown. */
  function seek(wordId: number): boolean {
    const at = suggestion?.timings[String(wordId)];
    if (at === undefined || !player.current) return false;
    player.current.currentTime = Math.max(0, at - 0.3);
    return true;
  }

  function acceptSuggestions() {
    if (!atHelp) return;
    const lastIndex = words.findIndex((w) => w.id === atHelp.lastWordId);
    dispatch({
      type: "acceptSuggestions",
      missed: atHelp.missed.map((m) => m.wordId),
      last:
        lastIndex >= 0 && atHelp.lastWordId !== null
          ? { wordId: atHelp.lastWordId, wordsRead: lastIndex + 1 }
          : null,
    });
  }

  function submit() {
    if (!canSubmit(grader)) return;
    const body = gradeBodyOf(grader);
    dispatch({ type: "submit" });
    grade.mutate(body, {
      onSuccess: () => {
        dispatch({ type: "succeeded" });
        onGraded();
      },
      onError: () => dispatch({ type: "failed" }),
    });
  }

  function reset() {
    // The newest grade: this one just saved, or the saved one the modal loaded.
    const saved = grade.data ?? reading.grade;
    if (state !== "grade") return dispatch({ type: "reset", saved, submission: newId() });
    modals.openConfirmModal({
      title: "Reset this grade?",
      children: <Text size="sm">The marks and scores you have not submitted are cleared.</Text>,
      labels: { confirm: "Reset", cancel: "Keep grading" },
      onConfirm: () => dispatch({ type: "reset", saved, submission: newId() }),
    });
  }

  /** A key or click on a word; answers what the screen reader should hear. */
  function onCommand(command: WordCommand, index: number): string | null {
    const word = words[index];
    if (!word) return null;
    switch (command.type) {
      case "seek":
        return seek(word.id) ? `Playing from ${word.text}.` : null;
      case "toggle": {
        if (!editable) return null;
        const nowMissed = !draft.missed.has(word.id);
        dispatch({ type: "toggle", wordId: word.id, suggested: suggestedMisses.has(word.id) });
        const errors = draft.missed.size + (nowMissed ? 1 : -1);
        return `${word.text} ${nowMissed ? "missed" : "not missed"}. Errors ${-errors}.`;
      }
      case "lastWord": {
        if (!canSetLastWord(grader)) return null;
        dispatch({
          type: "lastWord",
          wordId: word.id,
          wordsRead: index + 1,
          suggested: suggestion?.lastWordId === word.id,
        });
        const wpm = wpmFromLastWord(index + 1, reading.duration) ?? draft.wpm;
        return `Last word read: ${word.text}. WPM ${wpm}.`;
      }
      case "expression":
        if (!editable) return null;
        dispatch({ type: "expression", score: command.score });
        return `Expression ${command.score}.`;
      case "submit":
        if (!editable) return null;
        submit();
        return blocked ?? "Submitting the grade.";
      case "move":
        return null;
    }
  }

  return (
    <Stack gap="sm">
      <ReadingMedia reading={reading} mediaRef={setPlayer} />
      {state === "view" && reading.grade && (
        <Text size="sm" c="dimmed">
          Graded by {reading.grade.graded_by} on {createdAt(reading.grade.graded_at)}
        </Text>
      )}
      {state === "view" && reading.grade && acceptedLine(reading.grade) && (
        <Text size="sm" c="dimmed">
          {acceptedLine(reading.grade)}
        </Text>
      )}
      <GradeFields draft={draft} editable={editable} dispatch={dispatch} />
      <Text size="sm" c="dimmed">
        {editable
          ? `Click a word to mark it missed, and again to clear it.${
              setsLastWord(grader.reading)
                ? " Alt-click (⌘-click on a Mac) the last word read to work out the WPM."
                : ""
            }`
          : "Missed words are struck through."}
        {suggestion && " Click a word, or press Enter on it, to play the reading from there."}
      </Text>
      {reading.suggestion && (state === "grade" || state === "view") && (
        <SuggestionPanel
          recordingId={reading.id}
          suggestion={reading.suggestion}
          shown={atHelp}
          help={help}
          editable={editable}
          hidden={grader.suggestionsHidden}
          missedStyle={missedWordStyle(reading.classification)}
          onAccept={acceptSuggestions}
          onClear={() => dispatch({ type: "clearSuggestions" })}
        />
      )}
      <WordGrid
        words={words}
        lines={lines}
        missed={draft.missed}
        lastWordId={draft.lastWordId}
        missedStyle={missedWordStyle(reading.classification)}
        editable={editable}
        suggestionOf={suggestionOf}
        onCommand={onCommand}
      />
      <KeyHint
        editable={editable}
        lastWord={setsLastWord(grader.reading)}
        seeks={suggestion !== null}
      />
      {state === "submitted" &&
        (grader.failed ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {gradingMessages.submitFailed}
          </Alert>
        ) : (
          <DoneAlert>The grade is saved.</DoneAlert>
        ))}
      {blocked && (
        <Text size="sm" c="dimmed">
          {blocked}
        </Text>
      )}
      <Group justify="flex-end">
        {state === "view" ? (
          <>
            <Button variant="default" onClick={() => onShare(reading.id)} disabled={removed}>
              Share with Parent
            </Button>
            <Button onClick={() => dispatch({ type: "createNew", submission: newId() })}>
              Create New Grade
            </Button>
          </>
        ) : (
          <>
            <Button variant="default" onClick={reset} disabled={state === "submitting"}>
              Reset
            </Button>
            {state !== "submitted" && (
              <Button
                onClick={submit}
                disabled={!canSubmit(grader)}
                loading={state === "submitting"}
              >
                Submit
              </Button>
            )}
          </>
        )}
      </Group>
    </Stack>
  );
}
