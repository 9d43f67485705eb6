import type { PathStep } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { calibrated, LOOP, loops, MOST_LIKELY } from "./path-checks.ts";

const read = (index: number): PathStep => ({ kind: "read", index, start: index, end: index + 1 });
const back = (index: number): PathStep => ({ kind: "back", index, start: 0, end: 0 });

describe("a path that loops", () => {
  it("is not a reader who goes back a word now and then", () => {
    const steps = Array.from({ length: 100 }, (_, i) => read(i));
    for (let i = 10; i < 100; i += 20) steps.splice(i, 0, back(i - 1));
    expect(loops(steps, 100)).toBe(false);
  });

  it("is a path that keeps going back over the start, as a lost one did 22 times", () => {
    const steps: PathStep[] = [];
    for (let round = 0; round < 22; round++) steps.push(read(0), read(1), read(2), back(0));
    expect(loops(steps, 3)).toBe(true);
  });

  it("allows a few re-reads however short the reading, and a share of a long one", () => {
    const few = [read(0), ...Array.from({ length: LOOP.least }, () => back(0))];
    expect(loops(few, 1)).toBe(false);
    expect(loops([...few, back(0)], 1)).toBe(true);
    const long = Array.from({ length: LOOP.share * 200 + 1 }, () => back(0));
    expect(loops(long, 300)).toBe(false);
    expect(loops(long, 200)).toBe(true);
  });
});

describe("a calibrated confidence", () => {
  const points = [
    [0.5, 0.3],
    [0.75, 0.55],
    [1, 0.99],
  ] as const;

  it("is how often flags of that raw confidence were right", () => {
    expect(calibrated(points, 0.75)).toBe(0.55);
    expect(calibrated(points, 0.8)).toBe(0.55);
    expect(calibrated(points, 0.2)).toBe(0.3);
  });

  it("is never certain", () => {
    expect(calibrated(points, 1)).toBe(MOST_LIKELY);
    expect(calibrated([], 1)).toBe(MOST_LIKELY);
  });
});
