import type { LineChartProps, LineChartSeries } from "@mantine/charts";
import { type GraphResponse, shownDate } from "@refrain/domain";

/**
 * How each graph answer (grading spec §3 "Graph response") is drawn: the answer says which
 * series go on which axis and the axes' bounds (§9); this adds what is only the screen's: the
 * kind of chart, the colours, and the labels of the target line. Kept apart from the chart
 * components so the mapping is tested without drawing.
 */

/** The norms the benchmark's target line comes from (goals.ts: the 50th percentile). */
export const TARGET_LABEL = "Goal: 50th percentile (Hasbrouck & Tindal 2017)";

/** Grading spec §9: a graph redraws 200 ms after its width stops changing. */
export const RESIZE_DEBOUNCE_MS = 200;

const COLORS: Record<string, string> = {
  wpm: "teal.7",
  target: "gray.6",
  expression: "grape.6",
  cold_accuracy: "blue.4",
  hot_accuracy: "blue.8",
  cold_wpm: "orange.4",
  hot_wpm: "orange.8",
  day1: "teal.4",
  day2: "teal.6",
  day3: "teal.8",
};

/** Recharts ties a series to the right axis by this id; the left axis is its default. */
const RIGHT_AXIS = "right";

type Domain = [number, number | "auto"];

export interface ChartConfig {
  /** Lines over time for the benchmark; columns per lesson or reading otherwise. */
  kind: "line" | "bar";
  series: LineChartSeries[];
  left: { label: string; domain: Domain };
  right: { label: string; domain: Domain } | null;
  // Named through the chart's props: @mantine/charts' ES module types do not reach its `types`.
  referenceLines: NonNullable<LineChartProps["referenceLines"]>;
  /** The x axis's tick text: dates as MM/DD/YYYY on screen. */
  tick: (value: string) => string;
}

export function chartConfig(graph: GraphResponse): ChartConfig {
  const { left, right } = graph.vAxis;
  const isBenchmark = graph.type === "fluency_benchmark";
  return {
    kind: isBenchmark ? "line" : "bar",
    series: graph.series.map((s) => ({
      name: s.name,
      label: isBenchmark && s.name === "target" ? TARGET_LABEL : s.label,
      color: COLORS[s.name] ?? "teal.7",
      ...(s.axis === "right" ? { yAxisId: RIGHT_AXIS } : {}),
      // Each date's own season's norm: a dashed step, so a new season's goal reads as a jump.
      ...(s.name === "target" ? { strokeDasharray: "6 4", curveType: "stepAfter" as const } : {}),
    })),
    left: { label: left.label, domain: [left.min, left.max ?? "auto"] },
    right: right && { label: right.label, domain: [right.min, right.max ?? "auto"] },
    referenceLines:
      isBenchmark && graph.wpmTarget !== null
        ? [
            {
              y: graph.wpmTarget,
              color: "gray.7",
              strokeDasharray: "6 4",
              label: `Goal now: ${graph.wpmTarget} WPM`,
              labelPosition: "insideTopLeft",
            },
          ]
        : [],
    tick: graph.dataKey === "date" ? shownDate : (value) => value,
  };
}

/**
 * The few words a screen reader hears before the table: the latest point of each series, e.g.
 * "Latest, 03/14/2026: Correct WPM 72, Target WPM 71, Expression 3.5".
 */
export function latestSummary(graph: GraphResponse): string {
  if (graph.noDataMessage !== null) return graph.noDataMessage;
  const last = graph.data.at(-1) as Record<string, unknown> | undefined;
  if (!last) return "";
  const values = graph.series
    .map((s) => [s.label, last[s.name]] as const)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([label, v]) => `${label} ${v}`);
  const at = "date" in last && typeof last.date === "string" ? shownDate(last.date) : "";
  const where = graph.dataKey === "date" ? at : `${String(last[graph.dataKey])}, ${at}`;
  return `Latest, ${where}: ${values.join(", ")}`;
}
