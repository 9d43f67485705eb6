import { describe, expect, it } from "vitest";
import {
  lastWordWithin,
  type PathStep,
  readPath,
  scoreReading,
  suggestionResult,
} from "./suggestions.ts";

/** Steps a second apart: "r3" reads word 3, "b1" reads word 1 again, "s4:hose" says another. */
function steps(...codes: string[]): PathStep[] {
  return codes.map((code, i) => {
    const start = i;
    const end = i + 0.8;
    const [head, heard = ""] = code.split(":");
    const index = Number(head?.slice(1));
    if (head?.startsWith("s")) return { kind: "substitute", index, heard, start, end };
    if (head?.startsWith("i")) return { kind: "insert", before: index, heard, start, end };
    return { kind: head?.startsWith("b") ? "back" : "read", index, start, end };
  });
}

const kinds = (path: ReturnType<typeof readPath>) =>
  path.deviations.map((d) => `${d.type}@${d.index}${d.heard ? `=${d.heard}` : ""}`);

describe("readPath", () => {
  it("reads a clean reading as every word in order, with its times", () => {
    const path = readPath(steps("r0", "r1", "r2"));
    expect(path.deviations).toEqual([]);
    expect(path.words).toEqual([
      { index: 0, start: 0, end: 0.8 },
      { index: 1, start: 1, end: 1.8 },
      { index: 2, start: 2, end: 2.8 },
    ]);
    expect(path.furthest).toBe(2);
  });

  it("finds omissions in words passed over, one or several", () => {
    expect(kinds(readPath(steps("r0", "r2", "r5")))).toEqual([
      "omission@1",
      "omission@3",
      "omission@4",
    ]);
  });

  it("finds a substitution with what was heard, and does not count it as read", () => {
    const path = readPath(steps("r0", "s1:horse", "r2"));
    expect(kinds(path)).toEqual(["substitution@1=horse"]);
    expect(path.words.map((w) => w.index)).toEqual([0, 2]);
  });

  it("keeps an insertion apart from the words, before the word it precedes", () => {
    expect(kinds(readPath(steps("r0", "i1:um", "r1")))).toEqual(["insertion@1=um"]);
  });

  it("calls words read again repetitions, and marks nothing skipped on the way back", () => {
    const path = readPath(steps("r0", "r1", "r2", "b1", "r2", "r3"));
    expect(kinds(path)).toEqual(["repetition@1", "repetition@2"]);
    expect(path.words.map((w) => w.index)).toEqual([0, 1, 2, 3]);
    // The first reading's time is the word's time.
    expect(path.words[2]?.start).toBe(2);
  });

  it("turns a substitution the reader went back and read right into a self-correction", () => {
    const path = readPath(steps("r0", "s1:horse", "b1", "r2"));
    expect(kinds(path)).toEqual(["self_correction@1=horse"]);
    expect(path.words.map((w) => w.index)).toEqual([0, 1, 2]);
  });

  it("never calls the unread end of the passage omitted: the reader stopped there", () => {
    const path = readPath(steps("r0", "r1", "r2"));
    expect(path.furthest).toBe(2);
    expect(path.deviations.filter((d) => d.type === "omission")).toEqual([]);
  });
});

describe("lastWordWithin", () => {
  it("is the furthest word begun within the timed minute, a substitution included", () => {
    const path = readPath(steps("r0", "r1", "s2:x", "r3"));
    expect(lastWordWithin(path, 60)).toBe(3);
    expect(lastWordWithin(path, 2.5)).toBe(2);
    expect(lastWordWithin(path, 0.5)).toBe(0);
    expect(lastWordWithin(readPath([]), 60)).toBe(-1);
  });
});

describe("scoreReading", () => {
  it("scores as a teacher does: words to the last one over the minutes, less each miss", () => {
    // 30 words in 30 seconds is 60 a minute; two misses.
    expect(scoreReading({ lastIndex: 29, errorIndexes: [3, 7], seconds: 30 })).toEqual({
      wpm: 60,
      wcpm: 58,
    });
  });

  it("counts a word once and ignores misses after the last word read", () => {
    expect(scoreReading({ lastIndex: 9, errorIndexes: [2, 2, 12], seconds: 60 })).toEqual({
      wpm: 10,
      wcpm: 9,
    });
  });

  it("times only the first minute", () => {
    expect(scoreReading({ lastIndex: 99, errorIndexes: [], seconds: 80 })).toEqual({
      wpm: 100,
      wcpm: 100,
    });
  });

  it("has nothing to score without words or time", () => {
    expect(scoreReading({ lastIndex: -1, errorIndexes: [], seconds: 10 })).toBeNull();
    expect(scoreReading({ lastIndex: 5, errorIndexes: [], seconds: 0 })).toBeNull();
  });
});

describe("suggestionResult", () => {
  it("takes a decline with a known reason only", () => {
    expect(suggestionResult.safeParse({ status: "declined", reason: "silent" }).success).toBe(true);
    expect(suggestionResult.safeParse({ status: "declined", reason: "bored" }).success).toBe(false);
  });
});
