import { gradingMessages } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import {
  accuracyOf,
  blockedBecause,
  canSubmit,
  type Grader,
  type GraderAction,
  gradeBodyOf,
  graderReducer,
  initGrader,
} from "./grader.ts";
import { aReading, savedGrade } from "./grading-fixtures.ts";

const run = (grader: Grader, ...actions: GraderAction[]) => actions.reduce(graderReducer, grader);

describe("the grader", () => {
  it("starts a blank grade at the lesson's WPM, or -1 for a lyrics-only reading", () => {
    const cold = initGrader(aReading());
    expect(cold.state).toBe("grade");
    expect(cold.draft).toMatchObject({ wpm: 90, expression: 0, feedback: "", lastWordId: null });
    expect(initGrader(aReading({ lyrics_only: true })).draft.wpm).toBe(-1);
  });

  it("counts three toggled words as accuracy -3, and a second toggle clears one", () => {
    const toggled = run(
      initGrader(aReading()),
      { type: "toggle", wordId: 101 },
      { type: "toggle", wordId: 102 },
      { type: "toggle", wordId: 103 },
    );
    expect(accuracyOf(toggled.draft)).toBe(-3);
    const cleared = run(toggled, { type: "toggle", wordId: 102 });
    expect(accuracyOf(cleared.draft)).toBe(-2);
    expect(gradeBodyOf(cleared)).toMatchObject({ accuracy: -2, selectedWordIds: [101, 103] });
  });

  it("sets WPM from the last word read and the duration, for a benchmark reading only", () => {
    // 120 words in 90 seconds: 80 words a minute.
    const benchmark = aReading({ classification: "benchmark", duration: 90 });
    const set = run(initGrader(benchmark), { type: "lastWord", wordId: 220, wordsRead: 120 });
    expect(set.draft).toMatchObject({ lastWordId: 220, wpm: 80 });
    const cold = run(initGrader(aReading()), { type: "lastWord", wordId: 220, wordsRead: 120 });
    expect(cold.draft).toMatchObject({ lastWordId: null, wpm: 90 });
  });

  it("keeps the teacher's WPM when the reading has no duration to work it out from", () => {
    const lyrics = aReading({ lyrics_only: true, duration: null });
    const set = run(initGrader(lyrics), { type: "lastWord", wordId: 5, wordsRead: 12 });
    expect(set.draft).toMatchObject({ lastWordId: 5, wpm: -1 });
  });

  it("submits only with an expression and a positive WPM", () => {
    const blank = initGrader(aReading({ lyrics_only: true }));
    expect(canSubmit(blank)).toBe(false);
    expect(run(blank, { type: "submit" }).state).toBe("grade");
    const scored = run(blank, { type: "expression", score: 3 });
    expect(canSubmit(scored)).toBe(false);
    const ready = run(scored, { type: "wpm", wpm: 72 });
    expect(canSubmit(ready)).toBe(true);
    expect(run(ready, { type: "submit" }).state).toBe("submitting");
  });

  it("holds back what the server would refuse, with the server's words", () => {
    const scored = run(initGrader(aReading({ lyrics_only: true })), {
      type: "expression",
      score: 3,
    });
    expect(blockedBecause(scored)).toBe(gradingMessages.wpm);
    // A last word set early in a short reading: over the schema's 400.
    const fast = run(scored, { type: "wpm", wpm: 401 });
    expect(canSubmit(fast)).toBe(false);
    expect(blockedBecause(fast)).toBe("Words per minute cannot be more than 400.");
    expect(blockedBecause(run(fast, { type: "wpm", wpm: 400 }))).toBeNull();
  });

  it("is submitted after success and after failure, which it remembers for the message", () => {
    const submitting = run(
      initGrader(aReading()),
      { type: "expression", score: 5 },
      { type: "submit" },
    );
    expect(run(submitting, { type: "succeeded" })).toMatchObject({
      state: "submitted",
      failed: false,
    });
    const failed = run(submitting, { type: "failed" });
    expect(failed).toMatchObject({ state: "submitted", failed: true });
    // Nothing is edited while a grade is on its way or sent.
    expect(accuracyOf(run(failed, { type: "toggle", wordId: 1 }).draft)).toBe(0);
  });

  it("views a saved grade read-only; Create New Grade starts a blank one; Reset goes back", () => {
    const graded = aReading({ grade: savedGrade, graded_at: savedGrade.graded_at });
    const view = initGrader(graded);
    expect(view.state).toBe("view");
    expect(accuracyOf(view.draft)).toBe(-2);
    expect(run(view, { type: "toggle", wordId: 300 }).draft).toBe(view.draft);

    const fresh = run(
      view,
      { type: "createNew", submission: "new" },
      { type: "toggle", wordId: 300 },
    );
    expect(fresh.state).toBe("grade");
    expect([...fresh.draft.missed]).toEqual([300]);
    expect(fresh.draft).toMatchObject({ wpm: 90, expression: 0 });

    const reset = run(fresh, { type: "reset", saved: savedGrade, submission: "reset" });
    expect(reset.state).toBe("view");
    expect(reset.draft).toMatchObject({ wpm: 88, expression: 4 });
    expect([...reset.draft.missed]).toEqual([101, 105]);
  });

  it("resets an ungraded reading to a blank grade", () => {
    const marked = run(
      initGrader(aReading()),
      { type: "toggle", wordId: 1 },
      { type: "expression", score: 2 },
    );
    const reset = run(marked, { type: "reset", saved: null, submission: "reset" });
    expect(reset.state).toBe("grade");
    expect(reset.draft).toMatchObject({ expression: 0, wpm: 90 });
    expect(reset.draft.missed.size).toBe(0);
  });

  it("sends one id with a grade however often it is sent, a new one with each grade started", () => {
    const ready = run(initGrader(aReading(), "first"), { type: "expression", score: 4 });
    // A double click: the second click's grade is the first's, sent under the same id.
    const sent = run(ready, { type: "submit" }, { type: "submit" });
    expect(gradeBodyOf(ready).submission).toBe("first");
    expect(gradeBodyOf(sent).submission).toBe("first");
    const failed = run(sent, { type: "failed" });
    const again = run(failed, { type: "reset", saved: null, submission: "second" });
    expect(gradeBodyOf(again).submission).toBe("second");
    const saved = run(
      sent,
      { type: "succeeded" },
      { type: "reset", saved: savedGrade, submission: "x" },
    );
    const regrade = run(saved, { type: "createNew", submission: "third" });
    expect(gradeBodyOf(regrade).submission).toBe("third");
    expect(initGrader(aReading()).submission).not.toBe(initGrader(aReading()).submission);
  });

  it("starts a comparison in the compare state, where nothing is graded", () => {
    const compare = initGrader(aReading({ classification: "stitched" }));
    expect(compare.state).toBe("compare");
    expect(run(compare, { type: "expression", score: 3 }, { type: "submit" })).toEqual(compare);
  });
});

describe("the grader with a reading's suggestion (issue 20)", () => {
  const benchmark = aReading({ classification: "benchmark", duration: 60 });

  it("marks a suggested miss as accepted when toggled, and clears both on a second toggle", () => {
    const marked = run(initGrader(aReading()), { type: "toggle", wordId: 103, suggested: true });
    expect([...marked.draft.missed]).toEqual([103]);
    expect([...marked.draft.accepted]).toEqual([103]);
    const own = run(marked, { type: "toggle", wordId: 104 });
    expect(gradeBodyOf(own)).toMatchObject({
      selectedWordIds: [103, 104],
      acceptedWordIds: [103],
      lastWordSuggested: false,
    });
    const cleared = run(own, { type: "toggle", wordId: 103, suggested: true });
    expect([...cleared.draft.missed]).toEqual([104]);
    expect([...cleared.draft.accepted]).toEqual([]);
  });

  it("accepts every suggested miss, and the suggested last word where the reading sets one", () => {
    const accept = {
      type: "acceptSuggestions" as const,
      missed: [102, 105],
      last: { wordId: 150, wordsRead: 50 },
    };
    const bench = run(initGrader(benchmark), { type: "toggle", wordId: 101 }, accept);
    expect(gradeBodyOf(bench)).toMatchObject({
      selectedWordIds: [101, 102, 105],
      acceptedWordIds: [102, 105],
      lastWordId: 150,
      lastWordSuggested: true,
      // 50 words in the 60-second reading.
      wpm: 50,
    });
    // A timed cold read keeps its WPM and sets no last word.
    const cold = run(initGrader(aReading()), accept);
    expect(cold.draft).toMatchObject({ lastWordId: null, lastWordSuggested: false, wpm: 90 });
    expect([...cold.draft.accepted]).toEqual([102, 105]);
  });

  it("tells a last word set by hand from the suggested one", () => {
    const byHand = run(initGrader(benchmark), {
      type: "lastWord",
      wordId: 140,
      wordsRead: 40,
      suggested: false,
    });
    expect(byHand.draft.lastWordSuggested).toBe(false);
    const same = run(byHand, { type: "lastWord", wordId: 150, wordsRead: 50, suggested: true });
    expect(same.draft.lastWordSuggested).toBe(true);
  });

  it("clears the suggestions from view, keeping the marks; a suggested word marked after is the teacher's own", () => {
    const accepted = run(initGrader(aReading()), {
      type: "acceptSuggestions",
      missed: [102],
      last: null,
    });
    const cleared = run(accepted, { type: "clearSuggestions" });
    expect(cleared.suggestionsHidden).toBe(true);
    expect([...cleared.draft.missed]).toEqual([102]);
    expect([...cleared.draft.accepted]).toEqual([102]);
    const own = run(cleared, { type: "toggle", wordId: 103, suggested: true });
    expect([...own.draft.accepted]).toEqual([102]);
  });

  it("changes nothing outside the grade state, and a saved grade keeps what was accepted", () => {
    const saved = { ...savedGrade, acceptedWordIds: [105], lastWordSuggested: false };
    const view = initGrader(aReading({ grade: saved }));
    expect(view.state).toBe("view");
    expect([...view.draft.accepted]).toEqual([105]);
    const same = run(view, { type: "acceptSuggestions", missed: [101], last: null });
    expect(same.draft).toBe(view.draft);
    const fresh = run(view, { type: "createNew", submission: "new" });
    expect([...fresh.draft.accepted]).toEqual([]);
  });
});
