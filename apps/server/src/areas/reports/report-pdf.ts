import {
  COMPANY,
  classWords,
  type DateRange,
  GOAL_STATUS_MEANINGS,
  type GoalStatus,
  type GraphResponse,
  graphTypesFor,
  ORF_NORMS_SOURCE,
  percentileText,
  type Season,
  STUDENT_REPORT_GRAPHS,
  type StudentReport,
  type StudentScreening,
  shownDate,
  shownMeasure,
  TIER_LABELS,
  WINDOW_NAMES,
} from "@refrain/domain";
import { eq } from "drizzle-orm";
import { type Pdf, renderPdf } from "../../adapters/pdf.ts";
import type { AuthUser } from "../../core/context.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { classScreeningToday } from "../screening/index.ts";
import { studentGraph, studentReport } from "./conference.ts";
import { chartOf, drawChart, CHART_INK as INK, CHART_MUTED as MUTED } from "./report-pdf-charts.ts";

/**
 * The PDF report of one student (grading spec §2 "PDF report button", §7 "POST to the pdf
 * url"; issue 12 item 7) on US Letter: who and when, the goal against the published norms and
 * what it means, the latest fluency figures, the charts, then every lesson's scores. A home
 * class records no readings (`graphTypesFor`): a parent's report has no goal, no fluency figures
 * and no reading charts, only its exam chart and the scores.
 */

const ACCENT = "#099268";
const RULE = "#dee2e6";
const SHADE = "#f1f3f5";
const GOAL_COLORS: Record<GoalStatus, string> = {
  met: "#2b8a3e",
  approaching: "#e67700",
  below: "#c92a2a",
  none: "#6b7280",
};
const GOAL_LABELS: Record<GoalStatus, string> = {
  met: "Goal met",
  approaching: "Approaching the goal",
  below: "Below the goal",
  none: "No goal yet",
};

const shownRange = (r: DateRange) => `${shownDate(r.start_date)} – ${shownDate(r.end_date)}`;
const percent = (v: number | null) => (v === null ? "--" : `${v}%`);

/** The student's report and the three charts' answers, as one PDF. */
export async function studentReportPdf(
  db: Db,
  user: AuthUser,
  studentId: number,
  range: DateRange,
): Promise<{ pdf: Buffer; filename: string }> {
  const report = await studentReport(db, user, studentId, range);
  const fillable = graphTypesFor(user.role);
  const types = STUDENT_REPORT_GRAPHS.filter((type) => fillable.includes(type));
  const graphs = await Promise.all(
    types.map((type) => studentGraph(db, user, studentId, range, type)),
  );
  const slug = report.student.name.replace(/[^\w]+/g, "-").replace(/^-|-$/g, "") || "student";
  const readings = types.length === STUDENT_REPORT_GRAPHS.length;
  return {
    pdf: await renderReportPdf(report, graphs, new Date(), {
      readings,
      classOf: classWords(user.role).classOf,
      screening: readings ? await screeningOf(db, studentId) : null,
    }),
    filename: `${slug}-report-${range.start_date}-to-${range.end_date}.pdf`,
  };
}

/** The student's result in the benchmark window standing today (issue 39), if they read in it. */
async function screeningOf(db: Db, studentId: number): Promise<WindowResult | null> {
  const [row] = await db
    .select({ teacherId: users.teacherId })
    .from(users)
    .where(eq(users.id, studentId));
  if (!row?.teacherId) return null;
  const { season, students } = await classScreeningToday(db, row.teacherId);
  const student = students.get(studentId);
  const read = student?.passages.some((p) => p.state !== "not_read");
  return student?.result && read ? { season, result: student.result } : null;
}

/** A window's result as the report prints it. */
export interface WindowResult {
  season: Season;
  result: NonNullable<StudentScreening["result"]>;
}

/**
 * `readings: false` for a class that records none: the goal and the fluency figures go.
 * `classOf` names the class as its owner's pages do ("Jordan Taylor's children" at home).
 * `screening`: the student's result in the window standing today, under the goal.
 */
export function renderReportPdf(
  report: StudentReport,
  graphs: GraphResponse[],
  printedAt: Date,
  {
    readings,
    classOf,
    screening = null,
  }: { readings: boolean; classOf: (owner: string) => string; screening?: WindowResult | null },
): Promise<Buffer> {
  return renderPdf(
    (doc) => {
      const left = doc.page.margins.left;
      const width = doc.page.width - left - doc.page.margins.right;
      header(doc, report, printedAt, left, width, classOf);
      let y = 134;
      if (readings) {
        y = goalBlock(doc, report, left, 150, width);
        if (screening) y = screeningLine(doc, screening, left, y + 12, width);
        y = figuresBlock(doc, report, left, y + 16, width);
      }
      const [first, ...rest] = graphs;
      if (first) drawChart(doc, { x: left, y: y + 18, width, height: 230 }, chartOf(first));
      // The other charts two to a page, then the scores table, which runs on as long as it needs.
      for (const [i, graph] of rest.entries()) {
        if (i % 2 === 0) doc.addPage();
        const top = doc.page.margins.top + (i % 2) * 330;
        drawChart(doc, { x: left, y: top, width, height: 290 }, chartOf(graph));
      }
      doc.addPage();
      scoresTable(doc, report, left, width);
      footers(doc, report);
    },
    {
      bufferPages: true,
      info: {
        Title: `Progress report: ${report.student.name}`,
        Author: COMPANY.product,
        Subject: `Reading progress, ${shownRange(report)}`,
      },
    },
  );
}

function header(
  doc: Pdf,
  report: StudentReport,
  printedAt: Date,
  left: number,
  width: number,
  classOf: (owner: string) => string,
) {
  doc.rect(0, 0, doc.page.width, 8).fill(ACCENT);
  doc.font("Helvetica-Bold").fontSize(9).fillColor(ACCENT);
  doc.text(`${COMPANY.product.toUpperCase()} · STUDENT PROGRESS REPORT`, left, 40, { width });
  doc
    .font("Helvetica-Bold")
    .fontSize(24)
    .fillColor(INK)
    .text(report.student.name, left, 56, { width });
  doc.font("Helvetica").fontSize(11).fillColor(MUTED);
  doc.text(
    `${report.student.grade} · ${classOf(report.student.teacher)} · ${shownRange(report)}`,
    left,
    88,
    { width },
  );
  doc.fontSize(8.5).text(`Printed ${shownDate(printedAt.toISOString().slice(0, 10))}`, left, 40, {
    width,
    align: "right",
  });
  doc
    .moveTo(left, 120)
    .lineTo(left + width, 120)
    .lineWidth(0.8)
    .stroke(RULE);
}

/** The goal status, what it was judged on, and what it means; returns the block's bottom. */
function goalBlock(doc: Pdf, report: StudentReport, left: number, top: number, width: number) {
  const { goal } = report;
  const color = GOAL_COLORS[goal.status];
  doc
    .font("Helvetica-Bold")
    .fontSize(9)
    .fillColor(MUTED)
    .text("FLUENCY GOAL", left, top - 18);
  doc.font("Helvetica-Bold").fontSize(11);
  const label = GOAL_LABELS[goal.status];
  const pill = doc.widthOfString(label) + 20;
  doc.roundedRect(left, top, pill, 22, 11).fill(color);
  doc.fillColor("#ffffff").text(label, left, top + 6, { width: pill, align: "center" });
  const textX = left + pill + 14;
  const textWidth = width - pill - 14;
  doc.font("Helvetica-Bold").fontSize(10.5).fillColor(INK);
  const judged =
    goal.wcpm !== null && goal.target !== null && goal.season !== null
      ? `${Math.round(goal.wcpm)} words correct per minute against ${goal.target}, the 50th percentile for ${report.student.grade.toLowerCase()} in ${goal.season}` +
        (goal.readings > 1
          ? ` (average of the last ${goal.readings} benchmark readings).`
          : " (latest benchmark reading).")
      : "No benchmark reading to judge in this date range.";
  doc.text(judged, textX, top + 1, { width: textWidth });
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor(INK)
    .text(GOAL_STATUS_MEANINGS[goal.status], textX, doc.y + 3, {
      width: textWidth,
    });
  doc
    .font("Helvetica")
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(`Norms: ${ORF_NORMS_SOURCE}`, textX, doc.y + 4, {
      width: textWidth,
    });
  return Math.max(doc.y, top + 22);
}

/** The window's result in one line: tier, median, accuracy, percentile; returns its bottom. */
function screeningLine(
  doc: Pdf,
  { season, result }: WindowResult,
  left: number,
  top: number,
  width: number,
) {
  const window = WINDOW_NAMES[season];
  const text =
    result.status === "incomplete"
      ? `${window}: incomplete, ${result.confirmed} of 3 passages graded.`
      : result.status === "unrated"
        ? `${window}: median ${result.wcpm} WCPM, ${result.accuracy}% accuracy (no norm for this grade and season).`
        : `${window}: ${TIER_LABELS[result.tier].toLowerCase()}, median ${result.wcpm} WCPM, ${result.accuracy}% accuracy${result.percentile ? `, ${percentileText(result.percentile)} percentile` : ""}.`;
  doc.font("Helvetica-Bold").fontSize(9).fillColor(MUTED).text("SCREENING", left, top);
  doc
    .font("Helvetica")
    .fontSize(10.5)
    .fillColor(INK)
    .text(text, left, doc.y + 3, { width });
  return doc.y;
}

/** Three cards: the latest cold read, hot read and benchmark; returns the cards' bottom. */
function figuresBlock(doc: Pdf, report: StudentReport, left: number, top: number, width: number) {
  const { cold, hot, benchmark } = report.figures;
  const read = (r: typeof cold) =>
    r
      ? { big: `${r.wpm}`, lines: [`Accuracy ${percent(r.accuracy)}`, r.lesson, shownDate(r.date)] }
      : null;
  const cards = [
    { title: "Latest cold read", unit: "CWPM", shown: read(cold) },
    { title: "Latest hot read", unit: "CWPM", shown: read(hot) },
    {
      title: "Latest benchmark",
      unit: "CWPM",
      shown: benchmark && {
        big: `${benchmark.wpm}`,
        lines: [
          `Expression ${benchmark.expression} of 5`,
          `Target ${shownMeasure(benchmark.target)} CWPM`,
          shownDate(benchmark.date),
        ],
      },
    },
  ];
  const gap = 12;
  const cardWidth = (width - gap * 2) / 3;
  const height = 96;
  for (const [i, card] of cards.entries()) {
    const x = left + i * (cardWidth + gap);
    doc.roundedRect(x, top, cardWidth, height, 6).fill(SHADE);
    doc
      .font("Helvetica-Bold")
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(card.title.toUpperCase(), x + 10, top + 9, {
        width: cardWidth - 20,
      });
    if (!card.shown) {
      doc
        .font("Helvetica-Oblique")
        .fontSize(9.5)
        .text("None graded in this range", x + 10, top + 34);
      continue;
    }
    doc
      .font("Helvetica-Bold")
      .fontSize(22)
      .fillColor(INK)
      .text(card.shown.big, x + 10, top + 22, { continued: true });
    doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(` ${card.unit}`);
    doc.font("Helvetica").fontSize(8.5).fillColor(INK);
    let y = top + 50;
    for (const line of card.shown.lines) {
      doc.text(line, x + 10, y, {
        width: cardWidth - 20,
        height: 11,
        ellipsis: true,
        lineBreak: false,
      });
      y += 12;
    }
  }
  return top + height;
}

const COLUMNS = [
  { title: "Lesson", width: 166, align: "left" },
  { title: "Day 1", width: 46 },
  { title: "Day 2", width: 46 },
  { title: "Day 3", width: 46 },
  { title: "Overall", width: 52 },
  { title: "Extension", width: 62 },
  { title: "Most recent", width: 86 },
] as const;

/** The lesson rows (day 1–3 percents, extension points, overall); the header repeats per page. */
function scoresTable(doc: Pdf, report: StudentReport, left: number, width: number) {
  doc
    .font("Helvetica-Bold")
    .fontSize(13)
    .fillColor(INK)
    .text("Lesson scores", left, doc.page.margins.top);
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      "Each day's latest exam attempt as a percent; the overall is their average once all three days are taken. Extension: the teacher's rubric points out of 3.",
      left,
      doc.y + 2,
      { width },
    );
  let y = doc.y + 10;
  const bottom = doc.page.height - doc.page.margins.bottom - 20;
  const head = () => {
    doc.rect(left, y, width, 20).fill(SHADE);
    doc.font("Helvetica-Bold").fontSize(8.5).fillColor(MUTED);
    cells(
      doc,
      left,
      y + 6,
      COLUMNS.map((c) => c.title.toUpperCase()),
    );
    y += 24;
  };
  head();
  if (report.lessons.length === 0) {
    doc
      .font("Helvetica-Oblique")
      .fontSize(10)
      .fillColor(MUTED)
      .text("No lessons worked in this date range.", left + 6, y + 4);
    return;
  }
  for (const row of report.lessons) {
    if (y > bottom) {
      doc.addPage();
      y = doc.page.margins.top;
      head();
    }
    const ext = row.scores.extension;
    doc.font("Helvetica").fontSize(9).fillColor(INK);
    cells(doc, left, y, [
      row.title,
      ...row.scores.days.map((d) => percent(d.percent)),
      percent(row.overall),
      ext.points !== null ? `${ext.points} of 3` : ext.submitted ? "Unscored" : "--",
      row.scores.most_recent_date ? shownDate(row.scores.most_recent_date.slice(0, 10)) : "--",
    ]);
    y += 16;
    doc
      .moveTo(left, y - 4)
      .lineTo(left + width, y - 4)
      .lineWidth(0.5)
      .stroke(RULE);
  }
}

function cells(doc: Pdf, left: number, y: number, values: string[]) {
  let x = left + 6;
  for (const [i, column] of COLUMNS.entries()) {
    const align = "align" in column ? column.align : "right";
    doc.text(values[i] ?? "", x, y, {
      width: column.width - 10,
      align,
      height: 11,
      ellipsis: true,
      lineBreak: false,
    });
    x += column.width;
  }
}

/** The student's name and the page number at the foot of every page, once all are laid out. */
function footers(doc: Pdf, report: StudentReport) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const y = doc.page.height - 36;
    // Writing inside the bottom margin would start a new page; lift the margin while writing.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font("Helvetica").fontSize(8).fillColor(MUTED);
    doc.text(`${report.student.name} · ${shownRange(report)}`, left, y, {
      width,
      lineBreak: false,
    });
    doc.text(`Page ${i - start + 1} of ${count}`, left, y, {
      width,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
}
