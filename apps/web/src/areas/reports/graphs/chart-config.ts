import type { LineChartProps, LineChartSeries } from "@mantine/charts";
import { GOAL_COLOR, type GraphResponse, SERIES_COLORS, shownDate } from "@refrain/domain";

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

/** A series' colour by its name (SERIES_COLORS: the page's and the PDF's). */
const COLORS: Record<string, string> = SERIES_COLORS;

/** Recharts ties a series to the right axis by this id; the left axis is its default. */
const RIGHT_AXIS = "right";

type Domain = [number, number | "auto"];

export interface ChartConfig {
  /** Lines over time for the benchmark; columns per lesson or reading otherwise. */
  kind: "line" | "bar";
  series: (LineChartSeries & { color: string })[];
  left: { label: string; domain: Domain };
  right: { label: string; domain: Domain } | null;
  // Named through the chart's props: @mantine/charts' ES module types do not reach its `types`.
  /** Unlabelled: a label on the plot is crossed by the lines; `goal` says it beside the chart. */
  referenceLines: NonNullable<LineChartProps["referenceLines"]>;
  /** The goal line's words and colour, for the key: "Goal now: 72 WPM". */
  goal: { label: string; color: string } | null;
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
      color: COLORS[s.name] ?? SERIES_COLORS.wpm,
      ...(s.axis === "right" ? { yAxisId: RIGHT_AXIS } : {}),
      // Each date's own season's norm: a dashed step, so a new season's goal reads as a jump.
      ...(s.name === "target" ? { strokeDasharray: "6 4", curveType: "stepAfter" as const } : {}),
    })),
    left: { label: left.label, domain: [left.min, left.max ?? "auto"] },
    right: right && { label: right.label, domain: [right.min, right.max ?? "auto"] },
    referenceLines:
      isBenchmark && graph.wpmTarget !== null
        ? [{ y: graph.wpmTarget, color: GOAL_COLOR, strokeDasharray: "6 4" }]
        : [],
    goal:
      isBenchmark && graph.wpmTarget !== null
        ? { label: `Goal now: ${graph.wpmTarget} WPM`, color: GOAL_COLOR }
        : null,
    tick: graph.dataKey === "date" ? shownDate : (value) => value,
  };
}

/** The narrowest a column is drawn: thinner ones read as hairlines. */
export const MIN_BAR_PX = 10;
/** Room between one label's columns and the next's. */
const GROUP_GAP_PX = 16;
/** The least room a leaning label needs beside the next, lest the two lines touch. */
const TURNED_SLOT_PX = 32;
/** The axes, their turned titles and the margins beside the plot. */
const AXES_PX = 140;
/** Of those, what lies left of the plot: a leaning label's start may reach that far. */
const LEFT_OF_PLOT_PX = 70;
/** About how wide a character of the axes' 12 px labels is. */
const CHAR_PX = 7;
/** A turned label longer than this is cut with "…"; the tooltip and the table give it whole. */
const TURNED_CHARS = 24;
/** How far turned labels lean: steep enough to stack, shallow enough to read. */
export const TURNED_ANGLE = -35;

export interface BarLayout {
  /** The chart's width: its box's, or more, so no column is under MIN_BAR_PX (the box scrolls). */
  width: number;
  /** What of `width` the axes and margins take. */
  axes: number;
  /** The labels lean when level ones would overlap, so each column group keeps its own. */
  turned: boolean;
  /** Show every label (recharts otherwise drops those that would collide). */
  interval: 0;
  /** The x axis's height: room for the leaning labels. */
  axisHeight: number;
  /** More margin on the left, where the first leaning label would run out of the chart. */
  left: number;
  tick: (value: string) => string;
}

/**
 * How a column chart fits a box `boxWidth` wide: recharts squeezes any number of columns into
 * the box, thinning them to hairlines, and keeps only the labels that fit (three of thirty).
 * Instead, each column keeps a readable width, the chart growing past its box (which then
 * scrolls sideways), and every column group keeps its label, leaning when level ones collide.
 */
export function barLayout(graph: GraphResponse, boxWidth: number): BarLayout {
  const rows = graph.data as readonly Record<string, unknown>[];
  const groups = Math.max(rows.length, 1);
  const group = Math.max(graph.series.length * MIN_BAR_PX + GROUP_GAP_PX, TURNED_SLOT_PX);
  const narrowest = groups * group + AXES_PX;
  const slot = (Math.max(boxWidth, narrowest) - AXES_PX) / groups;
  const labels = rows.map((row) => String(row[graph.dataKey] ?? ""));
  const longest = Math.max(0, ...labels.map((label) => label.length));
  const turned = longest * CHAR_PX > slot - CHAR_PX;
  const shown = Math.min(longest, TURNED_CHARS);
  const angle = (-TURNED_ANGLE * Math.PI) / 180;
  // A leaning label ends at its column and runs down to the left from there.
  const firstRun = Math.min(labels[0]?.length ?? 0, TURNED_CHARS) * CHAR_PX * Math.cos(angle);
  const left = turned ? Math.max(0, Math.ceil(firstRun - LEFT_OF_PLOT_PX - slot / 2)) : 0;
  return {
    width: Math.max(boxWidth, narrowest + left),
    axes: AXES_PX + left,
    turned,
    interval: 0,
    axisHeight: turned ? Math.ceil(shown * CHAR_PX * Math.sin(angle)) + 24 : 30,
    left,
    tick: (value) => (turned ? shortened(value) : value),
  };
}

/**
 * A label cut to TURNED_CHARS, keeping a reading's kind at its end whole: "The Case of the
 * Missing Lunch (Cold Read)" and "(Hot Read)" of the same lesson must still tell apart.
 */
function shortened(label: string): string {
  if (label.length <= TURNED_CHARS) return label;
  const kind = / \([^)]*\)$/.exec(label)?.[0] ?? "";
  return `${label.slice(0, Math.max(TURNED_CHARS - kind.length - 1, 6)).trimEnd()}…${kind}`;
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
