import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CLASSIFICATIONS } from "../fluency.ts";
import { errorsOf, SUBMISSION_ID } from "../test-support.ts";
import { messages } from "../validation.ts";
import {
  accuracyPercent,
  correctWordsPerMinute,
  type GraderEvent,
  type GraderState,
  gradeBody,
  gradingMessages,
  initialGraderState,
  initialWpm,
  missedWordStyle,
  nextGraderState,
  setsLastWord,
  shownMeasure,
  wpmFromLastWord,
} from "./grading.ts";

const positiveWpm = fc.integer({ min: 1, max: 400 });
const notPositiveWpm = fc.integer({ min: -400, max: 0 });
const accuracy = fc.integer({ min: -500, max: 0 });

describe("computed values (§3)", () => {
  it("CWPM is wpm plus accuracy (accuracy is minus the missed words)", () => {
    expect(correctWordsPerMinute(100, -5)).toBe(95);
    expect(correctWordsPerMinute(80, 0)).toBe(80);
    fc.assert(
      fc.property(positiveWpm, accuracy, (wpm, acc) => {
        expect(correctWordsPerMinute(wpm, acc)).toBe(wpm + acc);
      }),
    );
  });

  it("accuracy % is 100 × (wpm + accuracy) / wpm, rounded", () => {
    expect(accuracyPercent(100, -5)).toBe(95);
    expect(accuracyPercent(80, 0)).toBe(100);
    // 100 × 2 / 3 = 66.67 → 67; 100 × 1 / 8 = 12.5 → 13 (Math.round, as the spec's "rounded").
    expect(accuracyPercent(3, -1)).toBe(67);
    expect(accuracyPercent(8, -7)).toBe(13);
    fc.assert(
      fc.property(positiveWpm, accuracy, (wpm, acc) => {
        const percent = accuracyPercent(wpm, acc);
        expect(percent).toBe(Math.round((100 * (wpm + acc)) / wpm));
        // No missed word is 100 %; each missed word can only lower it.
        if (acc === 0) expect(percent).toBe(100);
        else expect(percent).toBeLessThanOrEqual(100);
      }),
    );
  });

  it("both show -- when wpm is not positive (a lyrics-only reading's -1 too)", () => {
    fc.assert(
      fc.property(notPositiveWpm, accuracy, (wpm, acc) => {
        expect(shownMeasure(correctWordsPerMinute(wpm, acc))).toBe("--");
        expect(shownMeasure(accuracyPercent(wpm, acc))).toBe("--");
      }),
    );
    expect(shownMeasure(accuracyPercent(-1, -3))).toBe("--");
  });

  it("shows a value as its number, zero and negative CWPM included", () => {
    expect(shownMeasure(95)).toBe("95");
    expect(shownMeasure(0)).toBe("0");
    expect(shownMeasure(correctWordsPerMinute(2, -5))).toBe("-3");
  });
});

describe("wpmFromLastWord", () => {
  it("is the words read over the minutes read, rounded", () => {
    expect(wpmFromLastWord(120, 60)).toBe(120);
    expect(wpmFromLastWord(60, 30)).toBe(120);
    expect(wpmFromLastWord(50, 45)).toBe(67); // 66.67
    expect(wpmFromLastWord(1, 120)).toBe(1); // 0.5 rounds up
  });

  it("is null without a positive duration or a word read", () => {
    expect(wpmFromLastWord(10, null)).toBeNull();
    expect(wpmFromLastWord(10, 0)).toBeNull();
    expect(wpmFromLastWord(10, -3)).toBeNull();
    expect(wpmFromLastWord(0, 60)).toBeNull();
  });

  it("grows with the words read for the same duration", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.double({ min: 1, max: 600, noNaN: true }),
        (a, b, seconds) => {
          const [fewer, more] = a <= b ? [a, b] : [b, a];
          const slow = wpmFromLastWord(fewer, seconds);
          const fast = wpmFromLastWord(more, seconds);
          expect(slow).not.toBeNull();
          expect(fast as number).toBeGreaterThanOrEqual(slow as number);
          expect(Math.abs((slow as number) - (fewer * 60) / seconds)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });
});

describe("a blank grade and the grading interaction (§3, §4)", () => {
  it("starts wpm at -1 for lyrics only, else at the lesson's words per minute", () => {
    expect(initialWpm({ lyricsOnly: true, lessonWordsPerMinute: 90 })).toBe(-1);
    expect(initialWpm({ lyricsOnly: false, lessonWordsPerMinute: 90 })).toBe(90);
  });

  it("lets Alt/Command-click set the last word only on benchmark or lyrics-only readings", () => {
    expect(setsLastWord({ classification: "benchmark", lyricsOnly: false })).toBe(true);
    expect(setsLastWord({ classification: "cold_read", lyricsOnly: true })).toBe(true);
    expect(setsLastWord({ classification: "hot_read", lyricsOnly: true })).toBe(true);
    expect(setsLastWord({ classification: "cold_read", lyricsOnly: false })).toBe(false);
    expect(setsLastWord({ classification: "hot_read", lyricsOnly: false })).toBe(false);
  });

  it("styles missed words cold for benchmark and cold read, otherwise hot", () => {
    expect(CLASSIFICATIONS.map((c) => [c, missedWordStyle(c)])).toEqual([
      ["cold_read", "cold"],
      ["hot_read", "hot"],
      ["benchmark", "cold"],
      ["stitched", "hot"],
    ]);
  });
});

describe("the grader's states (§4 Grader)", () => {
  it("starts in compare for a comparison, view when graded, otherwise grade", () => {
    expect(initialGraderState("stitched", false)).toBe("compare");
    expect(initialGraderState("stitched", true)).toBe("compare");
    for (const c of ["cold_read", "hot_read", "benchmark"] as const) {
      expect(initialGraderState(c, true)).toBe("view");
      expect(initialGraderState(c, false)).toBe("grade");
    }
  });

  it("goes grade → submitting → submitted, whether the submit succeeded or failed", () => {
    expect(nextGraderState("grade", "submit", "grade")).toBe("submitting");
    expect(nextGraderState("submitting", "succeeded", "grade")).toBe("submitted");
    expect(nextGraderState("submitting", "failed", "grade")).toBe("submitted");
  });

  it("starts a blank grade from view with Create New Grade, then submits it", () => {
    let state = nextGraderState("view", "createNew", "view");
    expect(state).toBe("grade");
    state = nextGraderState(state, "submit", "view");
    expect(state).toBe("submitting");
    expect(nextGraderState(state, "failed", "view")).toBe("submitted");
  });

  it("returns to the initial state on reset, from any state", () => {
    const states: GraderState[] = ["compare", "view", "grade", "submitting", "submitted"];
    for (const initial of ["compare", "view", "grade"] as const)
      for (const state of states) expect(nextGraderState(state, "reset", initial)).toBe(initial);
  });

  it("ignores every other event (a double submit, Create New Grade while grading, …)", () => {
    const moves: Record<string, GraderState> = {
      "grade submit": "submitting",
      "submitting succeeded": "submitted",
      "submitting failed": "submitted",
      "view createNew": "grade",
    };
    const events: GraderEvent[] = ["submit", "succeeded", "failed", "createNew"];
    const states: GraderState[] = ["compare", "view", "grade", "submitting", "submitted"];
    for (const state of states)
      for (const event of events)
        expect(nextGraderState(state, event, "grade")).toBe(moves[`${state} ${event}`] ?? state);
  });
});

describe("gradeBody (§5)", () => {
  const valid = {
    accuracy: -2,
    expression: 3,
    selectedWordIds: [4, 9],
    wpm: 88,
    submission: SUBMISSION_ID,
  };

  it("takes a complete grade, with feedback trimmed and defaults filled", () => {
    expect(gradeBody.parse({ ...valid, feedback: "  Nice pace!  " })).toEqual({
      ...valid,
      feedback: "Nice pace!",
      lastWordId: null,
      acceptedWordIds: [],
      lastWordSuggested: false,
    });
    expect(gradeBody.parse({ ...valid, lastWordId: 12 }).lastWordId).toBe(12);
  });

  it("refuses an unset expression (0) and a score outside 1–5, keyed expression", () => {
    for (const expression of [0, 6, 2.5, undefined])
      expect(errorsOf(gradeBody, { ...valid, expression })).toEqual({
        expression: [gradingMessages.expression],
      });
  });

  it("refuses a wpm that is not positive, keyed wpm", () => {
    fc.assert(
      fc.property(notPositiveWpm, (wpm) => {
        expect(errorsOf(gradeBody, { ...valid, wpm })).toEqual({ wpm: [gradingMessages.wpm] });
      }),
    );
  });

  it("takes accuracy only as minus the count of marked words, keyed accuracy", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 100_000 }), { maxLength: 50 }),
        fc.integer({ min: -60, max: 0 }),
        (ids, acc) => {
          const errors = errorsOf(gradeBody, { ...valid, selectedWordIds: ids, accuracy: acc });
          if (acc === -ids.length) expect(errors).toEqual({});
          else expect(errors).toEqual({ accuracy: [gradingMessages.accuracy] });
        },
      ),
    );
  });

  it("refuses a word marked twice", () => {
    expect(errorsOf(gradeBody, { ...valid, selectedWordIds: [4, 4], accuracy: -2 })).toEqual({
      selectedWordIds: [gradingMessages.duplicateWord],
    });
  });

  it("needs the form's id for the grade, a UUID, so a double send is one grade", () => {
    for (const submission of [undefined, "", "42", "not-a-uuid"])
      expect(errorsOf(gradeBody, { ...valid, submission })).toEqual({
        submission: [messages.submission],
      });
  });

  it("reports an unset expression and a missing wpm together, as the form shows them", () => {
    expect(errorsOf(gradeBody, { ...valid, expression: 0, wpm: -1 })).toEqual({
      expression: [gradingMessages.expression],
      wpm: [gradingMessages.wpm],
    });
  });
});
