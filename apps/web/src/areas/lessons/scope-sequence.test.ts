import type { LessonSummary } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import {
  barPosition,
  type CatalogLevel,
  rangeOf,
  rangeText,
  scaleOf,
  scopeAndSequence,
  tally,
} from "./scope-sequence.ts";

let nextId = 1;
function lesson(
  planid: number,
  ltitle: string,
  lexile_measure: number,
  wordspermin: number,
  genres: { story?: string; subject?: string; music?: string } = {},
): LessonSummary {
  return {
    lessonid: nextId++,
    ltitle,
    logo_url: "",
    gradeLabel: "",
    planid,
    storygenre: genres.story ?? "Fable",
    subject: genres.subject ?? "Science",
    musicgenre: genres.music ?? "Folk",
    lexile_measure,
    wordspermin,
  };
}

const level = (id: number, name: string, lessons: LessonSummary[]): CatalogLevel => ({
  id,
  name,
  gradeLabel: name,
  lessons,
});

describe("rangeOf and rangeText", () => {
  it("spans the values, and says one value once", () => {
    expect(rangeOf([300, 120, 230])).toEqual({ min: 120, max: 300 });
    expect(rangeOf([])).toBeNull();
    expect(rangeText({ min: 120, max: 300 })).toBe("120–300");
    expect(rangeText({ min: 140, max: 140 })).toBe("140");
  });
});

describe("tally", () => {
  it("counts each name, the most common first then by name, blanks dropped", () => {
    expect(tally(["Poetry", "Fable", " Poetry ", "", "Biography"])).toEqual([
      { name: "Poetry", lessons: 2 },
      { name: "Biography", lessons: 1 },
      { name: "Fable", lessons: 1 },
    ]);
  });
});

describe("scopeAndSequence", () => {
  const kinder = level(6, "Kindergarten", [
    lesson(6, "Stomp", 230, 60, { story: "Poetry", subject: "Science" }),
    lesson(6, "Socks", 120, 52, { story: "Realistic Fiction", subject: "Math" }),
    lesson(6, "Kite", 150, 55, { story: "Realistic Fiction", subject: "Nature" }),
  ]);
  const first = level(7, "First Grade", [lesson(7, "Seed", 320, 66), lesson(7, "Mail", 320, 72)]);
  const benchmarks = level(12, "Benchmark Passages", [lesson(12, "Puddle", 290, 60)]);

  it("orders the levels, and each level's lessons from the lowest Lexile up, then by title", () => {
    const scope = scopeAndSequence([first, kinder]);
    expect(scope.levels.map((l) => l.name)).toEqual(["Kindergarten", "First Grade"]);
    expect(scope.levels[0]?.lessons.map((l) => l.ltitle)).toEqual(["Socks", "Kite", "Stomp"]);
    expect(scope.levels[1]?.lessons.map((l) => l.ltitle)).toEqual(["Mail", "Seed"]);
  });

  it("gives each level its Lexile and tempo ranges and what it covers", () => {
    const [k] = scopeAndSequence([kinder]).levels;
    expect(k?.lexile).toEqual({ min: 120, max: 230 });
    expect(k?.wpm).toEqual({ min: 52, max: 60 });
    expect(k?.storyGenres).toEqual([
      { name: "Realistic Fiction", lessons: 2 },
      { name: "Poetry", lessons: 1 },
    ]);
    expect(k?.subjects.map((s) => s.name)).toEqual(["Math", "Nature", "Science"]);
    expect(k?.musicGenres).toEqual([{ name: "Folk", lessons: 3 }]);
  });

  it("keeps the benchmark passages apart, and leaves out levels without lessons", () => {
    const scope = scopeAndSequence([benchmarks, level(8, "Second Grade", []), kinder]);
    expect(scope.levels.map((l) => l.id)).toEqual([6]);
    expect(scope.benchmarks?.lessons.map((l) => l.ltitle)).toEqual(["Puddle"]);
    expect(scopeAndSequence([kinder]).benchmarks).toBeNull();
    expect(scopeAndSequence([])).toEqual({ levels: [], benchmarks: null });
  });
});

describe("scaleOf and barPosition", () => {
  it("runs the scale from zero to the top rounded up to the step", () => {
    expect(
      scaleOf(
        [
          { min: 120, max: 230 },
          { min: 820, max: 960 },
        ],
        100,
      ),
    ).toEqual({
      min: 0,
      max: 1000,
    });
    expect(scaleOf([{ min: 52, max: 140 }], 10)).toEqual({ min: 0, max: 140 });
    expect(scaleOf([], 10)).toEqual({ min: 0, max: 10 });
  });

  it("places a range on the scale in percent, kept inside it", () => {
    expect(barPosition({ min: 200, max: 500 }, { min: 0, max: 1000 })).toEqual({
      left: 20,
      width: 30,
    });
    expect(barPosition({ min: 900, max: 1200 }, { min: 0, max: 1000 })).toEqual({
      left: 90,
      width: 10,
    });
  });
});
