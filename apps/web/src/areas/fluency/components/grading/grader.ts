import {
  type GradeBody,
  type GraderEvent,
  type GraderState,
  gradeBody,
  initialGraderState,
  initialWpm,
  nextGraderState,
  type Reading,
  type SavedGrade,
  setsLastWord,
  wpmFromLastWord,
} from "@refrain/domain";
import { newId } from "../../../../lib/new-id.ts";

/**
 * One reading's grader (grading spec §4 Grader, Grading interaction): the state machine of the
 * domain plus the grade being made. A reducer, so the rules run the same under a click, a key
 * and a test, and a word's toggle changes only that word's `missed` flag.
 */

/** The grade on screen: a saved one (view), or the one the teacher is making. */
export interface Draft {
  /** Lesson word ids marked missed. */
  missed: ReadonlySet<number>;
  /** Of the missed words, those marked from the reading's suggestion (issue 20). */
  accepted: ReadonlySet<number>;
  lastWordId: number | null;
  /** The last word is the suggested one. */
  lastWordSuggested: boolean;
  wpm: number;
  /** 0 while unset ("(Choose Score)"). */
  expression: number;
  feedback: string;
}

export interface Grader {
  state: GraderState;
  /** The state Reset returns to: view once a grade is saved, else grade. */
  initial: GraderState;
  draft: Draft;
  /**
   * The id sent with the grade being made, new with each grade started (a blank one, Create New
   * Grade, Reset): a double click or a retry sends the same id, and the server keeps one grade.
   */
  submission: string;
  /** The last submission failed: submitted shows the spec's message (§8). */
  failed: boolean;
  /** The teacher cleared the reading's suggestions from the words (their marks stay). */
  suggestionsHidden: boolean;
  /** What the rules need of the reading. */
  reading: {
    classification: Reading["classification"];
    lyricsOnly: boolean;
    lessonWordsPerMinute: number;
    duration: number | null;
  };
}

/**
 * The reading's suggestion as the grader acts on it: the actions carry what they need of it, so
 * a suggestion that arrives while the modal is open (pending → suggested) applies at once.
 */
export type GraderAction =
  /** `suggested`: the word is a suggested miss, shown, so marking it accepts the suggestion. */
  | { type: "toggle"; wordId: number; suggested?: boolean }
  /**
   * `wordsRead`: the words up to and including the last word, in the lesson's order;
   * `suggested`: it is the suggested last word.
   */
  | { type: "lastWord"; wordId: number; wordsRead: number; suggested?: boolean }
  /** Every suggested miss marked, and the suggested last word set where the reading has one. */
  | {
      type: "acceptSuggestions";
      missed: readonly number[];
      last: { wordId: number; wordsRead: number } | null;
    }
  | { type: "clearSuggestions" }
  | { type: "expression"; score: number }
  | { type: "wpm"; wpm: number }
  | { type: "feedback"; feedback: string }
  | { type: Exclude<GraderEvent, "reset" | "createNew"> }
  /** A blank grade, `submission` its new id (the caller makes it: a reducer stays pure). */
  | { type: "createNew"; submission: string }
  /** Back to the saved grade (the newest, which may have changed since the modal opened). */
  | { type: "reset"; saved: SavedGrade | null; submission: string };

const blankDraft = (reading: Grader["reading"]): Draft => ({
  missed: new Set(),
  accepted: new Set(),
  lastWordId: null,
  lastWordSuggested: false,
  wpm: initialWpm(reading),
  expression: 0,
  feedback: "",
});

const savedDraft = (grade: SavedGrade): Draft => ({
  missed: new Set(grade.selectedWordIds),
  accepted: new Set(grade.acceptedWordIds),
  lastWordId: grade.lastWordId,
  lastWordSuggested: grade.lastWordSuggested,
  wpm: grade.wpm,
  expression: grade.expression,
  feedback: grade.feedback,
});

function startFrom(
  reading: Grader["reading"],
  saved: SavedGrade | null,
  submission: string,
): Grader {
  const initial = initialGraderState(reading.classification, saved !== null);
  return {
    state: initial,
    initial,
    draft: saved ? savedDraft(saved) : blankDraft(reading),
    submission,
    failed: false,
    suggestionsHidden: false,
    reading,
  };
}

export const initGrader = (reading: Reading, submission = newId()): Grader =>
  startFrom(
    {
      classification: reading.classification,
      lyricsOnly: reading.lyrics_only,
      lessonWordsPerMinute: reading.lesson.wordspermin,
      duration: reading.duration,
    },
    reading.grade,
    submission,
  );

/** Errors: minus the number of missed words (§3); 0 - n, so none missed is 0 and never -0. */
export const accuracyOf = (draft: Draft) => 0 - draft.missed.size;

/** §5: a grade is sent only with an expression score and a positive WPM. */
/**
 * Why the grade cannot be sent as it stands, by the server's own schema (an expression, a WPM
 * between 1 and 400, feedback not too long), or null when it can.
 */
export function blockedBecause(grader: Grader): string | null {
  const checked = gradeBody.safeParse(gradeBodyOf(grader));
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

export const canSubmit = (grader: Grader) =>
  grader.state === "grade" && blockedBecause(grader) === null;

export const canSetLastWord = (grader: Grader) =>
  grader.state === "grade" && setsLastWord(grader.reading);

export const gradeBodyOf = ({ draft, submission }: Grader): GradeBody => ({
  accuracy: accuracyOf(draft),
  expression: draft.expression,
  feedback: draft.feedback,
  selectedWordIds: [...draft.missed],
  wpm: draft.wpm,
  lastWordId: draft.lastWordId,
  acceptedWordIds: [...draft.accepted],
  lastWordSuggested: draft.lastWordSuggested,
  submission,
});

const edit = (grader: Grader, change: Partial<Draft>): Grader =>
  grader.state === "grade" ? { ...grader, draft: { ...grader.draft, ...change } } : grader;

export function graderReducer(grader: Grader, action: GraderAction): Grader {
  switch (action.type) {
    case "toggle": {
      const missed = new Set(grader.draft.missed);
      const accepted = new Set(grader.draft.accepted);
      // A mark cleared is no longer accepted; a suggested miss marked is.
      accepted.delete(action.wordId);
      if (!missed.delete(action.wordId)) {
        missed.add(action.wordId);
        if (action.suggested && !grader.suggestionsHidden) accepted.add(action.wordId);
      }
      return edit(grader, { missed, accepted });
    }
    case "lastWord": {
      if (!canSetLastWord(grader)) return grader;
      // Without a duration the WPM cannot be worked out: the teacher's stays.
      const wpm = wpmFromLastWord(action.wordsRead, grader.reading.duration) ?? grader.draft.wpm;
      const lastWordSuggested = Boolean(action.suggested) && !grader.suggestionsHidden;
      return edit(grader, { lastWordId: action.wordId, wpm, lastWordSuggested });
    }
    case "acceptSuggestions": {
      if (grader.state !== "grade") return grader;
      const missed = new Set([...grader.draft.missed, ...action.missed]);
      const accepted = new Set([...grader.draft.accepted, ...action.missed]);
      const accepting = { ...grader, suggestionsHidden: false };
      const marked = edit(accepting, { missed, accepted });
      if (!action.last || !canSetLastWord(grader)) return marked;
      return graderReducer(marked, { type: "lastWord", ...action.last, suggested: true });
    }
    case "clearSuggestions":
      return { ...grader, suggestionsHidden: true };
    case "expression":
      return edit(grader, { expression: action.score });
    case "wpm":
      return edit(grader, { wpm: action.wpm });
    case "feedback":
      return edit(grader, { feedback: action.feedback });
    case "submit":
      if (!canSubmit(grader)) return grader;
      return { ...grader, state: nextGraderState(grader.state, "submit", grader.initial) };
    case "succeeded":
    case "failed":
      return {
        ...grader,
        state: nextGraderState(grader.state, action.type, grader.initial),
        failed: action.type === "failed",
      };
    case "createNew":
      if (grader.state !== "view") return grader;
      return {
        ...grader,
        state: nextGraderState(grader.state, "createNew", grader.initial),
        draft: blankDraft(grader.reading),
        submission: action.submission,
        failed: false,
        suggestionsHidden: false,
      };
    case "reset":
      return startFrom(grader.reading, action.saved, action.submission);
  }
}
