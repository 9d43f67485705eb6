import { describe, expect, it } from "vitest";
import { confirmedWords, keepsAdaptation, MIN_CHECKED } from "./adapt.ts";

describe("the words a teacher confirmed", () => {
  it("are the passage up to the last word read, less the missed ones, as they are said", () => {
    const words = ["Sam", "has", "a", "kite.", "—", "The", "kite"];
    expect(confirmedWords(words, 5, new Set([2]))).toEqual(["sam", "has", "kite", "the"]);
  });
});

describe("keeping a school's adapted model", () => {
  const reading = (base: number | null, adapted: number | null) => ({ base, adapted });

  it("keeps it when it comes nearer the teachers' WCPM on readings it did not learn from", () => {
    expect(keepsAdaptation([reading(9, 2), reading(6, 3), reading(4, 4)])).toBe(true);
  });

  it("keeps it when it suggests more readings and is no further off", () => {
    expect(keepsAdaptation([reading(null, 3), reading(3, 2), reading(4, 4)])).toBe(true);
  });

  it("discards it when it declines readings the base model suggested", () => {
    expect(keepsAdaptation([reading(5, null), reading(9, 1), reading(9, 1)])).toBe(false);
  });

  it("discards it when it is further off, or no better at all", () => {
    expect(keepsAdaptation([reading(null, 9), reading(2, 9), reading(2, 9)])).toBe(false);
    expect(keepsAdaptation([reading(3, 3), reading(4, 4), reading(null, null)])).toBe(false);
  });

  it("keeps the base model until there are enough readings to check on", () => {
    const few = Array.from({ length: MIN_CHECKED - 1 }, () => reading(20, 1));
    expect(keepsAdaptation(few)).toBe(false);
  });
});
