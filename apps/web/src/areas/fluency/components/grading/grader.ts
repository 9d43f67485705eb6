import {
  type GradeBody,
  type GraderEvent,
  type GraderState,
  initialGraderState,
  initialWpm,
  nextGraderState,
  type Reading,
  type SavedGrade,
  setsLastWord,
  wpmFromLastWord,
} from "@refrain/domain";

/**
 * One reading's grader (grading spec §4 Grader, Grading interaction): the state machine of the
 * domain plus the grade being made. A reducer, so the rules run the same under a click, a key
 * and a test, and a word's toggle changes only that word's `missed` flag.
 */

/** The grade on screen: a saved one (view), or the one the teacher is making. */
export interface Draft {
  /** Lesson word ids marked missed. */
  missed: ReadonlySet<number>;
  lastWordId: number | null;
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
  /** The last submission failed: submitted shows the spec's message (§8). */
  failed: boolean;
  /** What the rules need of the reading. */
  reading: {
    classification: Reading["classification"];
    lyricsOnly: boolean;
    lessonWordsPerMinute: number;
    duration: number | null;
  };
}

export type GraderAction =
  | { type: "toggle"; wordId: number }
  /** `wordsRead`: the words up to and including the last word, in the lesson's order. */
  | { type: "lastWord"; wordId: number; wordsRead: number }
  | { type: "expression"; score: number }
  | { type: "wpm"; wpm: number }
  | { type: "feedback"; feedback: string }
  | { type: Exclude<GraderEvent, "reset"> }
  /** Back to the saved grade (the newest, which may have changed since the modal opened). */
  | { type: "reset"; saved: SavedGrade | null };

const blankDraft = (reading: Grader["reading"]): Draft => ({
  missed: new Set(),
  lastWordId: null,
  wpm: initialWpm(reading),
  expression: 0,
  feedback: "",
});

const savedDraft = (grade: SavedGrade): Draft => ({
  missed: new Set(grade.selectedWordIds),
  lastWordId: grade.lastWordId,
  wpm: grade.wpm,
  expression: grade.expression,
  feedback: grade.feedback,
});

function startFrom(reading: Grader["reading"], saved: SavedGrade | null): Grader {
  const initial = initialGraderState(reading.classification, saved !== null);
  return {
    state: initial,
    initial,
    draft: saved ? savedDraft(saved) : blankDraft(reading),
    failed: false,
    reading,
  };
}

export const initGrader = (reading: Reading): Grader =>
  startFrom(
    {
      classification: reading.classification,
      lyricsOnly: reading.lyrics_only,
      lessonWordsPerMinute: reading.lesson.wordspermin,
      duration: reading.duration,
    },
    reading.grade,
  );

/** Errors: minus the number of missed words (§3); 0 - n, so none missed is 0 and never -0. */
export const accuracyOf = (draft: Draft) => 0 - draft.missed.size;

/** §5: a grade is sent only with an expression score and a positive WPM. */
export const canSubmit = (grader: Grader) =>
  grader.state === "grade" && grader.draft.expression > 0 && grader.draft.wpm > 0;

export const canSetLastWord = (grader: Grader) =>
  grader.state === "grade" && setsLastWord(grader.reading);

export const gradeBodyOf = (draft: Draft): GradeBody => ({
  accuracy: accuracyOf(draft),
  expression: draft.expression,
  feedback: draft.feedback,
  selectedWordIds: [...draft.missed],
  wpm: draft.wpm,
  lastWordId: draft.lastWordId,
});

const edit = (grader: Grader, change: Partial<Draft>): Grader =>
  grader.state === "grade" ? { ...grader, draft: { ...grader.draft, ...change } } : grader;

export function graderReducer(grader: Grader, action: GraderAction): Grader {
  switch (action.type) {
    case "toggle": {
      const missed = new Set(grader.draft.missed);
      if (!missed.delete(action.wordId)) missed.add(action.wordId);
      return edit(grader, { missed });
    }
    case "lastWord": {
      if (!canSetLastWord(grader)) return grader;
      // Without a duration the WPM cannot be worked out: the teacher's stays.
      const wpm = wpmFromLastWord(action.wordsRead, grader.reading.duration) ?? grader.draft.wpm;
      return edit(grader, { lastWordId: action.wordId, wpm });
    }
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
        failed: false,
      };
    case "reset":
      return startFrom(grader.reading, action.saved);
  }
}
