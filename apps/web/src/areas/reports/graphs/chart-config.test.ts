import {
  benchmarkGraph,
  type ColdHotRow,
  coldHotGraph,
  fluencyGraph,
  type GraphResponse,
  quizGraph,
} from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { barLayout, chartConfig, latestSummary, MIN_BAR_PX, TARGET_LABEL } from "./chart-config.ts";

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
    expect(config.referenceLines).toEqual([expect.objectContaining({ y: 72 })]);
    expect(config.goal?.label).toBe("Goal now: 72 WPM");
    expect(config.tick("2026-01-20")).toBe("01/20/2026");
  });

  it("draws no target line when the latest date has no norm", () => {
    const noNorm = benchmarkGraph("Ben", [
      { date: "2025-09-15", wpm: 20, expression: 2, target: null, readings: 1 },
    ]);
    expect(chartConfig(noNorm).referenceLines).toEqual([]);
    expect(chartConfig(noNorm).goal).toBeNull();
  });

  it("writes the goal beside the chart, never on the plot where the lines would cross it", () => {
    for (const line of chartConfig(benchmark).referenceLines) expect(line.label).toBeUndefined();
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

// WCAG 2.x relative luminance and contrast ratio of #rrggbb colours.
const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const linear = (c: number) =>
  c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4;
const luminance = (hex: string) => {
  const [r = 0, g = 0, b = 0] = channels(hex).map(linear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};
/** CIE76 distance in CIELAB (D65): about 2 is just noticeable, 40 plainly another colour. */
const lab = (hex: string) => {
  const [r = 0, g = 0, b = 0] = channels(hex).map((c) =>
    c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4,
  );
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)] as const;
};
const distance = (a: string, b: string) => {
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
};

const coldHotRow = (lesson: string): ColdHotRow => ({
  lesson_id: 1,
  lesson,
  date: "2026-02-01",
  cold_accuracy: 90,
  hot_accuracy: 97,
  cold_wpm: 60,
  hot_wpm: 80,
  readings: 2,
});
const lessons = (n: number) => Array.from({ length: n }, (_, i) => `Lesson number ${i + 1}`);
const every: GraphResponse[] = [
  benchmark,
  coldHotGraph("Ana", []),
  fluencyGraph("Ana", []),
  quizGraph("Ana", []),
];

describe("the charts' colours", () => {
  it("keeps every series and the goal line at 3:1 against the white card (WCAG 1.4.11)", () => {
    for (const graph of every) {
      const config = chartConfig(graph);
      const colors = config.series.map((s) => s.color);
      if (config.goal) colors.push(config.goal.color);
      for (const color of colors)
        expect(contrast(color, "#ffffff"), `${graph.type} ${color}`).toBeGreaterThanOrEqual(3);
    }
  });

  it("gives the series drawn side by side colours plainly apart (Day 1 from Day 2)", () => {
    for (const graph of every) {
      const colors = chartConfig(graph).series.map((s) => s.color);
      for (const [i, a] of colors.entries())
        for (const b of colors.slice(i + 1))
          expect(distance(a, b), `${graph.type}: ${a} and ${b}`).toBeGreaterThanOrEqual(40);
    }
  });
});

describe("barLayout", () => {
  it("keeps the chart to its box, labels level, while every column fits", () => {
    const graph = quizGraph("Ana", [
      {
        lesson_id: 1,
        lesson: "Fly, Kite, Fly!",
        date: "2026-02-01",
        day1: 75,
        day2: 75,
        day3: 75,
        students: 1,
        completed: 1,
      },
      {
        lesson_id: 2,
        lesson: "Socks on the Line",
        date: "2026-02-02",
        day1: 100,
        day2: 75,
        day3: null,
        students: 1,
        completed: 0,
      },
    ]);
    const layout = barLayout(graph, 460);
    expect(layout).toMatchObject({ width: 460, turned: false });
    expect(layout.tick("Socks on the Line")).toBe("Socks on the Line");
  });

  it("widens a chart of many lessons so no column is thinner than the minimum: its box scrolls", () => {
    const graph = coldHotGraph("Class", lessons(30).map(coldHotRow));
    const layout = barLayout(graph, 460);
    const plot = layout.width - layout.axes;
    expect(plot / 30 / graph.series.length).toBeGreaterThanOrEqual(MIN_BAR_PX);
    expect(layout.width).toBeGreaterThan(460);
  });

  it("labels every column group, turned and shortened when the names would overlap", () => {
    const long = "The Case of the Missing Lunch and Other Mysteries";
    const graph = coldHotGraph("Class", [long, ...lessons(11)].map(coldHotRow));
    const layout = barLayout(graph, 900);
    expect(layout.turned).toBe(true);
    expect(layout.interval).toBe(0);
    expect(layout.tick(long).length).toBeLessThan(long.length);
    expect(layout.tick(long).endsWith("…")).toBe(true);
    // A reading's kind stays whole: the same lesson's cold and hot reads still differ.
    expect(layout.tick("The Case of the Missing Lunch (Cold Read)")).toBe(
      "The Case of… (Cold Read)",
    );
    expect(layout.axisHeight).toBeGreaterThan(40);
    // The first label leans left from its column, past the axis: the chart makes room.
    expect(layout.left).toBeGreaterThan(0);
  });
});
