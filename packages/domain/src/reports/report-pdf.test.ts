import { describe, expect, it } from "vitest";
import type { BenchmarkRow, ColdHotRow } from "./graphs.ts";
import { fluencyFiguresOf } from "./report-pdf.ts";

const lesson = (id: number, cold: number | null, hot: number | null): ColdHotRow => ({
  lesson_id: id,
  lesson: `Lesson ${id}`,
  date: `2026-10-0${id}`,
  cold_accuracy: cold === null ? null : 90,
  hot_accuracy: hot === null ? null : 97,
  cold_wpm: cold,
  hot_wpm: hot,
  readings: 2,
});

describe("fluencyFiguresOf", () => {
  it("takes the latest lesson with each kind of read, and the latest benchmark date", () => {
    const benchmark: BenchmarkRow[] = [
      { date: "2026-09-10", wpm: 40, expression: 2, target: 50, readings: 1 },
      { date: "2027-01-12", wpm: 70, expression: 3.5, target: 84, readings: 1 },
    ];
    const figures = fluencyFiguresOf(benchmark, [
      lesson(1, 50, 60),
      lesson(2, 55, null),
      lesson(3, null, null),
    ]);
    expect(figures.cold).toEqual({ lesson: "Lesson 2", date: "2026-10-02", wpm: 55, accuracy: 90 });
    expect(figures.hot).toEqual({ lesson: "Lesson 1", date: "2026-10-01", wpm: 60, accuracy: 97 });
    expect(figures.benchmark).toEqual({ date: "2027-01-12", wpm: 70, expression: 3.5, target: 84 });
  });

  it("has no figure where nothing was graded", () => {
    expect(fluencyFiguresOf([], [])).toEqual({ cold: null, hot: null, benchmark: null });
  });
});
