import { describe, expect, it } from "vitest";
import {
  adaptationSplit,
  checkedCost,
  DECLINE_COST,
  keepsAdaptation,
  MAX_CHECKED,
  MAX_LEARNT,
  MIN_CHECKED,
  MIN_LEARNT,
  READINGS_TO_ADAPT,
} from "./adaptation.ts";

describe("which confirmed readings a school's model learns from and is checked on", () => {
  const newestFirst = (n: number) => Array.from({ length: n }, (_, i) => i);

  it("waits until there are enough for both", () => {
    expect(adaptationSplit(newestFirst(READINGS_TO_ADAPT - 1))).toBeNull();
    expect(adaptationSplit(newestFirst(READINGS_TO_ADAPT))).toEqual({
      checkOn: newestFirst(MIN_CHECKED),
      learnFrom: newestFirst(READINGS_TO_ADAPT).slice(MIN_CHECKED),
    });
  });

  it("checks on the newest, never on a reading it learnt from, and learns from at most the cap", () => {
    const split = adaptationSplit(newestFirst(200));
    expect(split?.checkOn).toEqual([0, 1, 2, 3, 4].slice(0, MAX_CHECKED));
    expect(split?.learnFrom).toHaveLength(MAX_LEARNT);
    expect(split?.learnFrom[0]).toBe(MAX_CHECKED);
    expect(MIN_LEARNT).toBeLessThan(MAX_LEARNT);
  });
});

describe("keeping a school's adapted model", () => {
  const reading = (base: number | null, adapted: number | null) => ({ base, adapted });

  it("keeps it when it comes nearer the teachers' WCPM on readings it did not learn from", () => {
    expect(keepsAdaptation([reading(9, 2), reading(6, 3), reading(4, 4)])).toBe(true);
  });

  it("counts a decline as a suggestion DECLINE_COST off", () => {
    const checked = [reading(null, 3), reading(3, 3), reading(4, 4)];
    expect(checkedCost(checked, "base")).toBe(DECLINE_COST + 7);
    expect(checkedCost(checked, "adapted")).toBe(10);
    expect(keepsAdaptation(checked)).toBe(true);
  });

  it("keeps it when what it declines is what the base model got badly wrong", () => {
    expect(keepsAdaptation([reading(DECLINE_COST + 15, null), reading(3, 1), reading(2, 1)])).toBe(
      true,
    );
  });

  it("discards it when it declines readings the base model suggested well", () => {
    expect(keepsAdaptation([reading(5, null), reading(9, 8), reading(9, 8)])).toBe(false);
  });

  it("discards it when what it adds is further off than declining would be", () => {
    expect(keepsAdaptation([reading(null, DECLINE_COST + 5), reading(9, 9), reading(9, 9)])).toBe(
      false,
    );
  });

  it("discards it when it is further off, or no better at all", () => {
    expect(keepsAdaptation([reading(2, 9), reading(2, 9), reading(2, 9)])).toBe(false);
    expect(keepsAdaptation([reading(3, 3), reading(4, 4), reading(null, null)])).toBe(false);
  });

  it("keeps the base model until there are enough readings to check on", () => {
    const few = Array.from({ length: MIN_CHECKED - 1 }, () => reading(20, 1));
    expect(keepsAdaptation(few)).toBe(false);
  });
});
