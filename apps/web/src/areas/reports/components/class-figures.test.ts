import type { GoalStatus, StudentSummary } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { classFigures } from "./class-figures.ts";

const row = (
  id: number,
  comprehension: number | null,
  goals: GoalStatus,
  stories: number,
): StudentSummary => ({
  id,
  name: `Student ${id}`,
  group_id: null,
  lessons: 0,
  stories,
  comprehension,
  cold: null,
  hot: null,
  benchmarks: null,
  goals,
  goal: { wcpm: null, target: null, season: null, readings: 0 },
  screening: null,
  new_recordings: 0,
  latest_ungraded_id: null,
});

describe("classFigures", () => {
  it("averages comprehension over the students who have one, each weighing the same", () => {
    const figures = classFigures([
      row(1, 90, "met", 3),
      row(2, 75, "below", 1),
      row(3, null, "none", 0),
      row(4, 80, "approaching", 2),
    ]);
    expect(figures).toEqual({
      students: 4,
      comprehension: 82, // (90 + 75 + 80) / 3 = 81.67
      comprehended: 3,
      met: 1,
      judged: 3,
      active: 3,
    });
  });

  it("has no average for a class without full lessons, or without students", () => {
    expect(classFigures([row(1, null, "none", 0)]).comprehension).toBeNull();
    expect(classFigures([])).toEqual({
      students: 0,
      comprehension: null,
      comprehended: 0,
      met: 0,
      judged: 0,
      active: 0,
    });
  });
});
