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

  it.each([
    ["title", "A–Z whatever the case", ["apple", "Aspen", "Birch", "Cedar"]],
    [
      "overall",
      "best first, ties by title, lessons without one last",
      ["Aspen", "Birch", "Cedar", "apple"],
    ],
  ] as const)("sorts by %s: %s", (key, _rule, titles) => {
    expect(sortStoryRows(rows, key).map((r) => r.title)).toEqual(titles);
  });
});
