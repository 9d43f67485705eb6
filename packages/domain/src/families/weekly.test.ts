import { describe, expect, it } from "vitest";
import {
  hasActivity,
  MIN_PRACTICE_SECONDS,
  practiceMinutes,
  readingAgainstGoal,
  type WeekActivity,
  weekLastDay,
  weekRange,
  weekStartOf,
} from "./weekly.ts";

describe("weekStartOf", () => {
  it("names the Monday of the week in UTC, Monday and Sunday included", () => {
    expect(weekStartOf(new Date("2025-03-07T15:00:00Z"))).toBe("2025-03-03"); // Friday
    expect(weekStartOf(new Date("2025-03-03T00:00:00Z"))).toBe("2025-03-03"); // Monday 00:00
    expect(weekStartOf(new Date("2025-03-09T23:59:59Z"))).toBe("2025-03-03"); // Sunday night
    expect(weekStartOf(new Date("2025-03-10T00:00:00Z"))).toBe("2025-03-10");
  });

  it("crosses months and years", () => {
    expect(weekStartOf(new Date("2025-01-01T12:00:00Z"))).toBe("2024-12-30");
    expect(weekStartOf(new Date("2024-03-01T12:00:00Z"))).toBe("2024-02-26");
  });
});

describe("weekRange", () => {
  it("runs from Monday 00:00 UTC to now within the week", () => {
    const now = new Date("2025-03-07T15:00:00Z");
    expect(weekRange("2025-03-03", now)).toEqual({
      start: new Date("2025-03-03T00:00:00Z"),
      end: now,
    });
  });

  it("stops at the next Monday when run after the week", () => {
    const { end } = weekRange("2025-03-03", new Date("2025-03-12T08:00:00Z"));
    expect(end).toEqual(new Date("2025-03-10T00:00:00Z"));
  });

  it("ends the named dates on Sunday", () => {
    expect(weekLastDay("2025-03-03")).toBe("2025-03-09");
    expect(weekLastDay("2024-12-30")).toBe("2025-01-05");
  });
});

describe("hasActivity", () => {
  const none: WeekActivity = {
    lessonsWorked: 0,
    lessonsCompleted: 0,
    readAlongs: 0,
    quizzes: 0,
    recordings: 0,
    seconds: 0,
  };

  it("is false for an empty week and for less than a minute on task", () => {
    expect(hasActivity(none)).toBe(false);
    expect(hasActivity({ ...none, seconds: MIN_PRACTICE_SECONDS - 1 })).toBe(false);
  });

  it("is true for any record of work or a minute on task", () => {
    for (const key of ["lessonsWorked", "lessonsCompleted", "readAlongs", "quizzes", "recordings"])
      expect([key, hasActivity({ ...none, [key]: 1 })]).toEqual([key, true]);
    expect(hasActivity({ ...none, seconds: MIN_PRACTICE_SECONDS })).toBe(true);
  });

  it("shows whole minutes, rounded down", () => {
    expect(practiceMinutes(59)).toBe(0);
    expect(practiceMinutes(119)).toBe(1);
    expect(practiceMinutes(1800)).toBe(30);
  });
});

describe("readingAgainstGoal", () => {
  // Hasbrouck & Tindal 2017, grade 2: 50th percentile 84 in winter.
  const winter = new Date("2025-01-15T12:00:00Z");

  it("compares with the 50th percentile of the grade and season", () => {
    expect(readingAgainstGoal(2, 84, winter)).toEqual({ status: "met", target: 84 });
    expect(readingAgainstGoal(2, 75, winter)).toEqual({ status: "approaching", target: 84 });
    expect(readingAgainstGoal(2, 74, winter)).toEqual({ status: "below", target: 84 });
  });

  it("has no goal where the norms have none", () => {
    expect(readingAgainstGoal(0, 30, winter)).toBeNull();
    expect(readingAgainstGoal(1, 30, new Date("2024-10-01T12:00:00Z"))).toBeNull();
  });
});
