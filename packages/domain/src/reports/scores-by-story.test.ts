import { describe, expect, it } from "vitest";
import { type StoryScoreRow, sortStoryRows } from "./scores-by-story.ts";

const row = (title: string, overall: number | null): StoryScoreRow => ({
  lesson_id: title.length,
  title,
  students: 1,
  completed: overall === null ? 0 : 1,
  day1: null,
  day2: null,
  day3: null,
  overall,
  extension: null,
  extension_scored: 0,
});

describe("sortStoryRows", () => {
  const rows = [row("Cedar", 70), row("apple", null), row("Birch", 90), row("Aspen", 90)];

  it("sorts by title A–Z whatever the case", () => {
    expect(sortStoryRows(rows, "title").map((r) => r.title)).toEqual([
      "apple",
      "Aspen",
      "Birch",
      "Cedar",
    ]);
  });

  it("sorts by average best first, ties by title, lessons without one last", () => {
    expect(sortStoryRows(rows, "overall").map((r) => r.title)).toEqual([
      "Aspen",
      "Birch",
      "Cedar",
      "apple",
    ]);
  });
});
