import { benchmarkGraph, coldHotGraph, fluencyGraph } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { chartConfig, latestSummary, TARGET_LABEL } from "./chart-config.ts";

// Answers built by the domain's own rules, as the server builds them.
const benchmark = benchmarkGraph("Ana Lopez", [
  { date: "2025-09-15", wpm: 48, expression: 2.5, target: 51, readings: 1 },
  { date: "2026-01-20", wpm: 70, expression: 3.5, target: 72, readings: 1 },
]);

describe("chartConfig", () => {
  it("draws the benchmark as lines with the target labelled by its norms and the axes of §9", () => {
    const config = chartConfig(benchmark);
    expect(config.kind).toBe("line");
    expect(config.series.find((s) => s.name === "target")?.label).toBe(TARGET_LABEL);
    expect(config.series.find((s) => s.name === "expression")?.yAxisId).toBe("right");
    expect(config.series.find((s) => s.name === "wpm")?.yAxisId).toBeUndefined();
    expect(config.left.domain).toEqual([0, 82]);
    expect(config.right?.domain).toEqual([1, 5]);
    expect(config.referenceLines).toEqual([
      expect.objectContaining({ y: 72, label: "Goal now: 72 WPM" }),
    ]);
    expect(config.tick("2026-01-20")).toBe("01/20/2026");
  });

  it("draws no target line when the latest date has no norm", () => {
    const noNorm = benchmarkGraph("Ben", [
      { date: "2025-09-15", wpm: 20, expression: 2, target: null, readings: 1 },
    ]);
    expect(chartConfig(noNorm).referenceLines).toEqual([]);
  });

  it("draws cold and hot reads as columns, accuracy 0–100 on the left, CWPM on the right", () => {
    const config = chartConfig(coldHotGraph("Ana", []));
    expect(config.kind).toBe("bar");
    expect(config.left.domain).toEqual([0, 100]);
    expect(config.right?.domain).toEqual([0, "auto"]);
    expect(config.series.filter((s) => s.yAxisId === "right").map((s) => s.name)).toEqual([
      "cold_wpm",
      "hot_wpm",
    ]);
    expect(config.tick("Lesson 3")).toBe("Lesson 3");
  });
});

describe("latestSummary", () => {
  it("reads the latest point of each series", () => {
    expect(latestSummary(benchmark)).toBe(
      "Latest, 01/20/2026: Correct WPM 70, Target WPM 72, Expression 3.5",
    );
  });

  it("names the column of a reading and leaves out its empty values", () => {
    const graph = fluencyGraph("Ana", [
      {
        lesson_id: 3,
        lesson: "Rain Song",
        classification: "cold_read",
        date: "2026-02-01",
        wpm: 61,
        readings: 1,
      },
    ]);
    expect(latestSummary(graph)).toBe("Latest, Rain Song (Cold Read), 02/01/2026: Correct WPM 61");
  });

  it("is the server's no-data message for a header-only answer", () => {
    expect(latestSummary(coldHotGraph("Ana", []))).toBe(
      "No graded cold or hot reads in this date range.",
    );
  });
});
