import type { LineChartProps, LineChartSeries } from "@mantine/charts";
import { type GraphResponse } from "@refrain/domain";
/**
 * How each graph answer (grading spec §3 "Graph response") is drawn: the answer says which
 * series go on which axis and the axes' bounds (§9); this adds what is only the screen's: the
 * kind of chart, the colours, and the labels of the target line. Kept apart from the chart
 * components so the mapping is tested without drawing.
 */
/** The norms the benchmark's target line comes from (goals.ts: the 50th percentile). */
export declare const TARGET_LABEL = "Goal: 50th percentile (Hasbrouck & Tindal 2017)";
/** Grading spec §9: a graph redraws 200 ms after its width stops changing. */
export declare const RESIZE_DEBOUNCE_MS = 200;
type Domain = [number, number | "auto"];
export interface ChartConfig {
  /** Lines over time for the benchmark; columns per lesson or reading otherwise. */
  kind: "line" | "bar";
  series: LineChartSeries[];
  left: {
    label: string;
    domain: Domain;
  };
  right: {
    label: string;
    domain: Domain;
  } | null;
  referenceLines: NonNullable<LineChartProps["referenceLines"]>;
  /** The x axis's tick text: dates as MM/DD/YYYY on screen. */
  tick: (value: string) => string;
}
export declare function chartConfig(graph: GraphResponse): ChartConfig;
/**
 * The few words a screen reader hears before the table: the latest point of each series, e.g.
 * "Latest, 03/14/2026: Correct WPM 72, Target WPM 71, Expression 3.5".
 */
export declare function latestSummary(graph: GraphResponse): string;
