import { describe, expect, it } from "vitest";
import {
  type AgreementReading,
  DECLINE_TEXT,
  gradeBody,
  gradingMessages,
  LIKELY_MISS,
  likelihoodPercent,
  presentSuggestion,
  type SuggestionResult,
  suggestionAgreement,
  suggestionAtHelp,
  suggestionText,
} from "../index.ts";
import { SUBMISSION_ID } from "../test-support.ts";

const ids = [11, 12, 13, 14, 15, 16];
const result: SuggestionResult = {
  status: "suggested",
  words: [
    { index: 0, start: 0.2, end: 0.5 },
    { index: 2, start: 1.1, end: 1.4 },
    { index: 3, start: 1.5, end: 1.9 },
  ],
  deviations: [
    { type: "omission", index: 1, heard: null, confidence: 0.9, start: 0.6, end: 0.6 },
    { type: "repetition", index: 2, heard: null, confidence: 0.7, start: 1.5, end: 1.6 },
    { type: "substitution", index: 3, heard: "dug", confidence: 0.65, start: 1.5, end: 1.9 },
    { type: "omission", index: 5, heard: null, confidence: 0.9, start: 2.5, end: 2.5 },
  ],
  lastIndex: 3,
  wpm: 40,
  wcpm: 38,
  tuning: "warp 1.0",
};

describe("a suggestion as the grading modal shows it", () => {
  it("names the errors up to the last word by lesson word id, with where each word was read", () => {
    expect(
      presentSuggestion({ status: "suggested", engine: "e/1", result, adapted: true }, ids),
    ).toEqual({
      status: "suggested",
      engine: "e/1",
      adapted: true,
      missed: [
        { wordId: 12, type: "omission", heard: null, confidence: 0.9, start: 0.6, end: 0.6 },
        { wordId: 14, type: "substitution", heard: "dug", confidence: 0.65, start: 1.5, end: 1.9 },
      ],
      timings: { 11: 0.2, 12: 0.6, 13: 1.1, 14: 1.5 },
      lastWordId: 14,
      wpm: 40,
      wcpm: 38,
    });
  });

  it("says why it declined, and no more than pending or failed otherwise", () => {
    const declined = { status: "declined" as const, reason: "too_noisy" as const };
    expect(
      presentSuggestion(
        { status: "declined", engine: "e/1", result: declined, adapted: false },
        ids,
      ),
    ).toEqual({ status: "declined", engine: "e/1", reason: DECLINE_TEXT.too_noisy });
    expect(
      presentSuggestion({ status: "failed", engine: "e/1", result: null, adapted: false }, ids),
    ).toEqual({
      status: "failed",
      engine: "e/1",
    });
    expect(
      presentSuggestion({ status: "pending", engine: "e/1", result: null, adapted: false }, ids),
    ).toEqual({
      status: "pending",
      engine: "e/1",
    });
  });

  it("reads a deviation for its tooltip, likely to the nearest 5 % and never certain", () => {
    expect(suggestionText({ type: "substitution", heard: "dug", confidence: 0.654 })).toBe(
      "Suggested: Said another word (heard “dug”), about 65% likely",
    );
    expect(suggestionText({ type: "omission", heard: null, confidence: 1 })).toBe(
      "Suggested: Skipped, about 95% likely",
    );
    expect(likelihoodPercent(0.01)).toBe(5);
    expect(likelihoodPercent(0.83)).toBe(85);
  });
});

describe("suggestions at a teacher's help level", () => {
  const miss = (wordId: number, confidence: number) => ({
    wordId,
    type: "omission" as const,
    heard: null,
    confidence,
    start: 1,
    end: 1,
  });
  const suggestion = {
    status: "suggested" as const,
    engine: "e/1",
    adapted: false,
    missed: [miss(1, 0.9), miss(2, 0.4), miss(3, LIKELY_MISS)],
    timings: {},
    lastWordId: 9,
    wpm: 60,
    wcpm: 57,
  };

  it("shows nothing when off and everything at all", () => {
    expect(suggestionAtHelp(suggestion, "off")).toBeNull();
    expect(suggestionAtHelp(suggestion, "all")).toBe(suggestion);
  });

  it("keeps the likely misses when cautious, and counts only those against the minute", () => {
    const shown = suggestionAtHelp(suggestion, "cautious");
    expect(shown?.missed.map((m) => m.wordId)).toEqual([1, 3]);
    expect(shown).toMatchObject({ wcpm: 58, wpm: 60, lastWordId: 9 });
  });
});

describe("accepted suggestions in a grade", () => {
  const base = {
    accuracy: -1,
    expression: 3,
    selectedWordIds: [12],
    wpm: 40,
    submission: SUBMISSION_ID,
  };
  it("must be among the missed words, and an accepted last word must be set", () => {
    expect(gradeBody.safeParse({ ...base, acceptedWordIds: [12] }).success).toBe(true);
    const outside = gradeBody.safeParse({ ...base, acceptedWordIds: [13] });
    expect(outside.error?.issues).toEqual([
      expect.objectContaining({
        path: ["acceptedWordIds"],
        message: gradingMessages.acceptedNotMissed,
      }),
    ]);
    const noLast = gradeBody.safeParse({ ...base, lastWordSuggested: true });
    expect(noLast.error?.issues[0]?.path).toEqual(["lastWordSuggested"]);
    expect(gradeBody.parse(base)).toMatchObject({ acceptedWordIds: [], lastWordSuggested: false });
  });
});

describe("agreement between suggestions and teachers", () => {
  const reading = (change: Partial<AgreementReading>): AgreementReading => ({
    engine: "e/1",
    adapted: false,
    status: "suggested",
    suggestedMissed: [],
    suggestedLastIndex: null,
    suggestedWcpm: null,
    grade: null,
    ...change,
  });

  it("pools precision, recall, last word and WCPM over the graded readings of each engine", () => {
    const rows = suggestionAgreement([
      reading({
        suggestedMissed: [1, 2, 3],
        suggestedLastIndex: 40,
        suggestedWcpm: 80,
        grade: { missed: [1, 2, 9], lastIndex: 40, wcpm: 90 },
      }),
      reading({
        suggestedMissed: [5],
        suggestedLastIndex: 30,
        suggestedWcpm: 70,
        grade: { missed: [], lastIndex: 33, wcpm: 66 },
      }),
      reading({ suggestedMissed: [7], suggestedWcpm: 50 }),
      reading({ status: "declined" }),
      reading({ status: "failed" }),
      reading({ engine: "a/2", status: "declined" }),
    ]);
    expect(rows).toEqual([
      {
        engine: "a/2",
        suggested: 0,
        declined: 1,
        failed: 0,
        graded: 0,
        precision: null,
        recall: null,
        lastWordGraded: 0,
        lastWordExact: null,
        lastWordWithin2: null,
        wcpmError: null,
      },
      {
        engine: "e/1",
        suggested: 3,
        declined: 1,
        failed: 1,
        graded: 2,
        precision: 2 / 4,
        recall: 2 / 3,
        lastWordGraded: 2,
        lastWordExact: 0.5,
        lastWordWithin2: 0.5,
        wcpmError: 7,
      },
    ]);
  });

  it("counts a last word only where the teacher set one", () => {
    const [row] = suggestionAgreement([
      reading({
        suggestedLastIndex: 10,
        suggestedWcpm: 60,
        grade: { missed: [], lastIndex: null, wcpm: 60 },
      }),
      reading({
        suggestedLastIndex: 10,
        suggestedWcpm: 60,
        grade: { missed: [], lastIndex: 12, wcpm: 60 },
      }),
    ]);
    expect(row).toMatchObject({ lastWordGraded: 1, lastWordExact: 0, lastWordWithin2: 1 });
    expect(row?.wcpmError).toBe(0);
  });
});
