import {
  type GraphResponse,
  graphMessages,
  PERCENT_AXIS,
  readingLabel,
  SERIES_COLORS,
  shownDate,
} from "@refrain/domain";
import type { Pdf } from "../../adapters/pdf.ts";

/**
 * The report's charts drawn with pdfkit's own vector paths (decision 0019): axes, grid, lines,
 * columns and the target line, from the graph answers `GET /teacher/reports/graphs` sends, with
 * the answer's axes (§9: WPM to the target + 10, expression 1–5, percents 0–100).
 */

export const CHART_INK = "#212529";
export const CHART_MUTED = "#6b7280";
const GRID = "#e9ecef";

interface Axis {
  label: string;
  min: number;
  max: number;
}

interface Series {
  label: string;
  values: (number | null)[];
  kind: "line" | "column";
  color: string;
  axis: "left" | "right";
  /** A reference line (the norm target), drawn dashed and without markers. */
  dashed?: boolean;
}

export interface ChartSpec {
  title: string;
  categories: string[];
  left: Axis;
  right: Axis | null;
  series: Series[];
  /** Shown in the frame instead of the plot when there is nothing to draw. */
  empty: string | null;
}

/** A round step for about five intervals over `span`: 1, 2, 5 or 10 × a power of ten. */
function niceStep(span: number): number {
  const raw = span / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = [1, 2, 5, 10].find((m) => m * power >= raw) ?? 10;
  return unit * power;
}

/** An axis whose answer leaves the top open (null): the best value rounded up to a step. */
function openAxis(label: string, values: (number | null)[]): Axis {
  const best = Math.max(10, ...values.filter((v): v is number => v !== null));
  const step = niceStep(best);
  return { label, min: 0, max: Math.ceil(best / step) * step };
}

/** The chart of a graph answer: which of its fields are drawn how, in the colours of the page. */
export function chartOf(graph: GraphResponse): ChartSpec {
  const base = { title: graphMessages.titles[graph.type], empty: graph.noDataMessage };
  switch (graph.type) {
    case "fluency_benchmark":
      return {
        ...base,
        categories: graph.data.map((r) => shownDate(r.date)),
        left: { ...graph.vAxis.left, max: graph.vAxis.left.max ?? 100 },
        right: graph.vAxis.right && { ...graph.vAxis.right, max: graph.vAxis.right.max ?? 5 },
        series: [
          line(
            "Correct WPM",
            graph.data.map((r) => r.wpm),
            SERIES_COLORS.wpm,
          ),
          {
            ...line(
              "Target WPM (50th percentile)",
              graph.data.map((r) => r.target),
              SERIES_COLORS.target,
            ),
            dashed: true,
          },
          {
            ...line(
              "Expression (1–5)",
              graph.data.map((r) => r.expression),
              SERIES_COLORS.expression,
            ),
            axis: "right",
          },
        ],
      };
    case "fluency_cold_hot": {
      const cold = graph.data.map((r) => r.cold_wpm);
      const hot = graph.data.map((r) => r.hot_wpm);
      return {
        ...base,
        title: "Cold and Hot Reads: correct words per minute and accuracy",
        categories: graph.data.map((r) => r.lesson),
        left: openAxis("Correct WPM", [...cold, ...hot]),
        right: { label: "Accuracy %", ...PERCENT_AXIS },
        series: [
          column("Cold read CWPM", cold, SERIES_COLORS.cold_wpm),
          column("Hot read CWPM", hot, SERIES_COLORS.hot_wpm),
          {
            ...line(
              "Cold accuracy %",
              graph.data.map((r) => r.cold_accuracy),
              SERIES_COLORS.cold_accuracy,
            ),
            axis: "right",
          },
          {
            ...line(
              "Hot accuracy %",
              graph.data.map((r) => r.hot_accuracy),
              SERIES_COLORS.hot_accuracy,
            ),
            axis: "right",
          },
        ],
      };
    }
    case "fluency":
      return {
        ...base,
        categories: graph.data.map((r) => readingLabel(r.lesson, r.classification)),
        left: openAxis(
          "Correct WPM",
          graph.data.map((r) => r.wpm),
        ),
        right: null,
        series: [
          column(
            "Correct WPM",
            graph.data.map((r) => r.wpm),
            SERIES_COLORS.wpm,
          ),
        ],
      };
    case "quiz_complete":
      return {
        ...base,
        categories: graph.data.map((r) => r.lesson),
        left: { label: "Score %", ...PERCENT_AXIS },
        right: null,
        series: [
          column(
            "Day 1",
            graph.data.map((r) => r.day1),
            SERIES_COLORS.day1,
          ),
          column(
            "Day 2",
            graph.data.map((r) => r.day2),
            SERIES_COLORS.day2,
          ),
          column(
            "Day 3",
            graph.data.map((r) => r.day3),
            SERIES_COLORS.day3,
          ),
        ],
      };
  }
}

function line(label: string, values: (number | null)[], color: string): Series {
  return { label, values, kind: "line", color, axis: "left" };
}
function column(label: string, values: (number | null)[], color: string): Series {
  return { label, values, kind: "column", color, axis: "left" };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Draws the chart in the box: title, legend, axes with their grid and labels, then the series. */
export function drawChart(doc: Pdf, box: Box, chart: ChartSpec): void {
  doc.font("Helvetica-Bold").fontSize(11).fillColor(CHART_INK);
  doc.text(chart.title, box.x, box.y, { width: box.width, lineBreak: false });
  const legendY = box.y + 17;
  let x = box.x;
  doc.font("Helvetica").fontSize(8);
  for (const s of chart.series) {
    if (s.kind === "column") doc.rect(x, legendY + 1, 9, 7).fill(s.color);
    else {
      if (s.dashed) doc.dash(3, { space: 2 });
      doc
        .moveTo(x, legendY + 4.5)
        .lineTo(x + 12, legendY + 4.5)
        .lineWidth(1.8)
        .stroke(s.color);
      doc.undash();
    }
    const label = s.label;
    doc.fillColor(CHART_MUTED).text(label, x + 15, legendY, { lineBreak: false });
    x += 15 + doc.widthOfString(label) + 14;
  }

  // The plot: room on the left (and right) for tick labels and the axis titles, below for labels.
  const plot = {
    x: box.x + 44,
    y: legendY + 18,
    width: box.width - 44 - (chart.right ? 44 : 8),
    height: box.height - (legendY + 18 - box.y) - 28,
  };
  const yOf = (axis: Axis, v: number) =>
    plot.y + plot.height - ((v - axis.min) / (axis.max - axis.min || 1)) * plot.height;

  // Grid and tick labels of the left axis; the right axis's ticks at the same heights.
  const step = niceStep(chart.left.max - chart.left.min);
  doc.fontSize(7.5).lineWidth(0.6);
  for (let v = chart.left.min; v <= chart.left.max + 1e-9; v += step) {
    const y = yOf(chart.left, v);
    doc
      .moveTo(plot.x, y)
      .lineTo(plot.x + plot.width, y)
      .stroke(GRID);
    doc
      .fillColor(CHART_MUTED)
      .text(`${Math.round(v)}`, plot.x - 30, y - 3, { width: 26, align: "right" });
  }
  if (chart.right) {
    const right = chart.right;
    const rstep = Math.max(1, niceStep(right.max - right.min));
    for (let v = right.min; v <= right.max + 1e-9; v += rstep) {
      doc
        .fillColor(CHART_MUTED)
        .text(`${Math.round(v * 10) / 10}`, plot.x + plot.width + 4, yOf(right, v) - 3, {
          width: 30,
        });
    }
  }
  axisTitle(doc, chart.left.label, plot.x - 40, plot.y + plot.height / 2);
  if (chart.right)
    axisTitle(doc, chart.right.label, plot.x + plot.width + 38, plot.y + plot.height / 2);
  doc
    .lineWidth(0.8)
    .moveTo(plot.x, plot.y)
    .lineTo(plot.x, plot.y + plot.height)
    .lineTo(plot.x + plot.width, plot.y + plot.height)
    .stroke(CHART_MUTED);

  if (chart.empty !== null || chart.categories.length === 0) {
    doc.font("Helvetica-Oblique").fontSize(10).fillColor(CHART_MUTED);
    doc.text(chart.empty ?? "No data in this date range.", plot.x, plot.y + plot.height / 2 - 6, {
      width: plot.width,
      align: "center",
    });
    doc.font("Helvetica");
    return;
  }

  const n = chart.categories.length;
  const slot = plot.width / n;
  const centre = (i: number) => plot.x + slot * (i + 0.5);
  const axisOf = (s: Series) => (s.axis === "right" && chart.right ? chart.right : chart.left);

  // Columns first, grouped within each category's slot, so lines are drawn over them.
  const columns = chart.series.filter((s) => s.kind === "column");
  const groupWidth = Math.min(slot * 0.75, 18 * columns.length);
  const barWidth = groupWidth / Math.max(1, columns.length);
  for (const [k, s] of columns.entries()) {
    const axis = axisOf(s);
    for (const [i, v] of s.values.entries()) {
      if (v === null) continue;
      const top = yOf(axis, Math.min(v, axis.max));
      const left = centre(i) - groupWidth / 2 + k * barWidth;
      doc.rect(left + 0.5, top, barWidth - 1, plot.y + plot.height - top).fill(s.color);
    }
  }
  for (const s of chart.series.filter((t) => t.kind === "line")) {
    const axis = axisOf(s);
    const points = s.values.flatMap((v, i) =>
      v === null ? [] : [[centre(i), yOf(axis, Math.min(v, axis.max))] as const],
    );
    if (s.dashed) doc.dash(4, { space: 3 });
    doc.lineWidth(s.dashed ? 1.4 : 1.8);
    for (const [i, [px, py]] of points.entries()) {
      if (i === 0) doc.moveTo(px, py);
      else doc.lineTo(px, py);
    }
    if (points.length > 1) doc.stroke(s.color);
    doc.undash();
    if (!s.dashed) for (const [px, py] of points) doc.circle(px, py, 2.2).fill(s.color);
  }

  // Category labels, thinned so they never overlap (every k-th when there are many).
  const every = Math.max(1, Math.ceil(n / Math.floor(plot.width / 56)));
  doc.font("Helvetica").fontSize(7).fillColor(CHART_MUTED);
  const width = slot * every - 4;
  for (const [i, label] of chart.categories.entries()) {
    if (i % every !== 0) continue;
    doc.text(label, centre(i) - width / 2, plot.y + plot.height + 5, {
      width,
      align: "center",
      height: 18,
      ellipsis: true,
    });
  }
}

/** An axis title written upwards, centred on (x, y). */
function axisTitle(doc: Pdf, label: string, x: number, y: number): void {
  doc.save();
  doc.rotate(-90, { origin: [x, y] });
  doc.font("Helvetica").fontSize(8).fillColor(CHART_MUTED);
  doc.text(label, x - 60, y - 4, { width: 120, align: "center", lineBreak: false });
  doc.restore();
}
