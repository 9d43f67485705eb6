import {
  COMPANY,
  gradeName,
  ORF_NORMS_SOURCE,
  type Season,
  schoolYearLabel,
  screenedCount,
  TIERS,
  type Tier,
  type TierCounts,
  tierShare,
  WINDOW_NAMES,
} from "@refrain/domain";
import { type Pdf, renderPdf } from "../../adapters/pdf.ts";
import {
  BOLD,
  type Column,
  contentWidth,
  documentTitle,
  footers,
  heading,
  INK,
  keepTogether,
  MUTED,
  REGULAR,
  RULE,
  table,
} from "../../adapters/pdf-layout.ts";
import { dateRangeText, dateText } from "../../core/date-text.ts";
import type { SchoolSummary } from "./school-summary.ts";

/**
 * The school's screening on US Letter for an MTSS meeting: the window, the tiers of the school
 * and of each grade beside the window before, a bar per grade, a row per class, and the cut
 * scores the tiers were taken by. Counts only: no student is named.
 */

type Counted = Pick<SchoolSummary, "counts" | "previous">;

/** The page's tier colours (Mantine's teal, yellow and red), then the students with no tier. */
const BUCKETS = [
  { key: "at_or_above", color: "#12b886", ink: "#ffffff" },
  { key: "below", color: "#fab005", ink: INK },
  { key: "well_below", color: "#fa5252", ink: "#ffffff" },
  { key: "unrated", color: "#a5d8ff", ink: INK },
  { key: "incomplete", color: "#dee2e6", ink: INK },
] as const satisfies readonly { key: keyof TierCounts; color: string; ink: string }[];
const BUCKET_LABELS: Record<(typeof BUCKETS)[number]["key"], string> = {
  at_or_above: "At or above",
  below: "Below",
  well_below: "Well below",
  unrated: "No norm (not tiered)",
  incomplete: "Incomplete or not read",
};

const total = (c: TierCounts) => BUCKETS.reduce((sum, b) => sum + c[b.key], 0);
const signed = (points: number) => (points > 0 ? `+${points}` : points < 0 ? `${points}` : "±0");

export function renderSchoolSummary(summary: SchoolSummary, printedAt: Date): Promise<Buffer> {
  const { window, year } = summary;
  const windowName = `${WINDOW_NAMES[window.season]} window`;
  return renderPdf(
    (doc) => {
      documentTitle(
        doc,
        "Screening summary",
        summary.school,
        `${windowName}, ${dateRangeText(window.start, window.end)} · ${schoolYearLabel(year)} school year · Printed ${dateText(printedAt)}`,
      );
      note(
        doc,
        "Shares are of the students with a tier (at or above, below or well below benchmark). " +
          "Incomplete or not read: fewer than three of the window's passages graded." +
          (summary.previousSeason
            ? ` Under each figure, the ${summary.previousSeason} window's and the change in percentage points.`
            : ""),
      );
      gradeTable(doc, summary);
      gradeBars(doc, summary);
      classTable(doc, summary);
      cutScores(doc, summary);
      // The window first: a long school name is what the footer cuts short.
      footers(doc, `${schoolYearLabel(year)} ${window.season} window · ${summary.school}`);
    },
    {
      bufferPages: true,
      info: {
        Title: `Screening summary: ${summary.school}`,
        Author: COMPANY.product,
        Subject: `${windowName}, ${schoolYearLabel(year)}`,
      },
    },
  );
}

function note(doc: Pdf, text: string) {
  doc
    .font(REGULAR)
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc), lineGap: 1 });
  doc.moveDown(0.6);
}

/** "12 (40%)", and under it the window before's share and the change: "fall 35% (+5)". */
function tierCell({ counts, previous }: Counted, tier: Tier, before: Season | null) {
  const share = tierShare(counts, tier);
  const now = share === null ? `${counts[tier]}` : `${counts[tier]} (${share}%)`;
  if (!before || !previous) return now;
  const was = tierShare(previous, tier);
  if (was === null) return `${now}\n${before} --`;
  return `${now}\n${before} ${was}%${share === null ? "" : ` (${signed(share - was)})`}`;
}

function withBefore(now: string, was: string | null, before: Season | null) {
  return before && was !== null ? `${now}\n${before} ${was}` : now;
}

/** The school, then each grade: every tier's count and share, the incomplete, the screened. */
function gradeTable(doc: Pdf, summary: SchoolSummary) {
  const before = summary.previousSeason;
  const columns: Column[] = [
    { header: "Grade", width: 70 },
    { header: "At or above", width: 92, align: "right" },
    { header: "Below", width: 86, align: "right" },
    { header: "Well below", width: 86, align: "right" },
    { header: "Incomplete or not read", width: 80, align: "right" },
    { header: "Screened", align: "right" },
  ];
  const screened = (c: TierCounts) => `${screenedCount(c)} of ${total(c)}`;
  const row = (label: string, c: Counted) => [
    label,
    ...TIERS.map((tier) => tierCell(c, tier, before)),
    withBefore(`${c.counts.incomplete}`, c.previous && `${c.previous.incomplete}`, before),
    withBefore(screened(c.counts), c.previous && screened(c.previous), before),
  ];
  heading(doc, "By grade");
  table(
    doc,
    columns,
    [row("All grades", summary), ...summary.grades.map((g) => row(gradeName(g.grade), g))],
    { fontSize: 9 },
  );
}

/** One bar per grade as the page's, split by tier; the window before's thinner under it. */
function gradeBars(doc: Pdf, summary: SchoolSummary) {
  const before = summary.previousSeason;
  const left = doc.page.margins.left;
  const labelWidth = 78;
  const shareWidth = 84;
  const barX = left + labelWidth;
  const barWidth = contentWidth(doc) - labelWidth - shareWidth;
  const rowHeight = before ? 36 : 26;
  keepTogether(doc, 30 + rowHeight * (summary.grades.length + 1));
  legend(doc);
  const rows = [
    { label: "All grades", ...summary },
    ...summary.grades.map((g) => ({ label: gradeName(g.grade), ...g })),
  ];
  for (const row of rows) {
    const y = doc.y;
    doc.font(BOLD).fontSize(9).fillColor(INK);
    doc.text(row.label, left, y + 4, { width: labelWidth - 8, lineBreak: false });
    stackedBar(doc, barX, y, barWidth, 17, row.counts, true);
    const share = tierShare(row.counts, "at_or_above");
    doc.font(REGULAR).fontSize(8.5).fillColor(INK);
    doc.text(share === null ? "none tiered" : `${share}% at or above`, barX + barWidth + 8, y + 4, {
      width: shareWidth - 8,
      lineBreak: false,
    });
    if (before && row.previous) {
      stackedBar(doc, barX, y + 20, barWidth, 8, row.previous, false);
      doc.font(REGULAR).fontSize(7.5).fillColor(MUTED);
      doc.text(before, left, y + 20, { width: labelWidth - 8, lineBreak: false });
      const was = tierShare(row.previous, "at_or_above");
      doc.text(was === null ? "none tiered" : `${was}%`, barX + barWidth + 8, y + 20, {
        width: shareWidth - 8,
        lineBreak: false,
      });
    }
    doc.x = left;
    doc.y = y + rowHeight;
  }
  doc.moveDown(0.6);
}

function legend(doc: Pdf) {
  const y = doc.y;
  let x = doc.page.margins.left;
  doc.font(REGULAR).fontSize(8).fillColor(INK);
  for (const bucket of BUCKETS) {
    doc.rect(x, y + 1, 8, 8).fill(bucket.color);
    const label = BUCKET_LABELS[bucket.key];
    doc.fillColor(INK).text(label, x + 11, y + 1, { lineBreak: false });
    x += 11 + doc.widthOfString(label) + 14;
  }
  doc.x = doc.page.margins.left;
  doc.y = y + 18;
}

/** The students of `counts` as one bar, each bucket's share of it; its count inside if it fits. */
function stackedBar(
  doc: Pdf,
  x: number,
  y: number,
  width: number,
  height: number,
  counts: TierCounts,
  withCounts: boolean,
) {
  const all = total(counts);
  if (all === 0) {
    doc.rect(x, y, width, height).lineWidth(0.75).stroke(RULE);
    if (withCounts)
      doc
        .font(REGULAR)
        .fontSize(8)
        .fillColor(MUTED)
        .text("No students", x + 6, y + (height - 8) / 2, { lineBreak: false });
    return;
  }
  let at = x;
  for (const bucket of BUCKETS) {
    const part = (counts[bucket.key] / all) * width;
    if (part === 0) continue;
    doc.rect(at, y, part, height).fill(bucket.color);
    const text = `${counts[bucket.key]}`;
    doc.font(BOLD).fontSize(8);
    if (withCounts && doc.widthOfString(text) + 6 <= part)
      doc
        .fillColor(bucket.ink)
        .text(text, at, y + (height - 7) / 2, { width: part, align: "center", lineBreak: false });
    at += part;
  }
}

/** A row per class: its teacher, grades, how many of its students were screened, its tiers. */
function classTable(doc: Pdf, summary: SchoolSummary) {
  // The heading, the columns' header and a few classes at least, or all of it on the next page.
  keepTogether(doc, 150);
  heading(doc, "By class");
  if (summary.classes.length === 0) {
    note(doc, "No class of the school has students yet.");
    return;
  }
  const columns: Column[] = [
    { header: "Teacher" },
    { header: "Grades", width: 54 },
    { header: "Screened", width: 62, align: "right" },
    { header: "At or above", width: 58, align: "right" },
    { header: "Below", width: 50, align: "right" },
    { header: "Well below", width: 56, align: "right" },
    { header: "Incomplete or not read", width: 76, align: "right" },
  ];
  const gradeList = (grades: number[]) => grades.map((g) => (g === 0 ? "K" : `${g}`)).join(", ");
  table(
    doc,
    columns,
    summary.classes.map((c) => [
      c.teacher,
      gradeList(c.grades),
      `${screenedCount(c.counts)} of ${c.enrolled}`,
      ...TIERS.map((tier) => `${c.counts[tier]}`),
      `${c.counts.incomplete}`,
    ]),
    { fontSize: 9 },
  );
  const notes = [
    summary.counts.unrated > 0 || (summary.previous?.unrated ?? 0) > 0
      ? "Screened counts every complete score; where the norms have no row for a grade's window (grade 1 in the fall), a complete score has no tier."
      : null,
    summary.classes.some((c) => c.grades.includes(0))
      ? "Kindergarten reads no benchmark passages: its students are enrolled, never screened."
      : null,
  ].filter((text) => text !== null);
  if (notes.length > 0) note(doc, notes.join(" "));
}

/** The cuts each grade's tiers were taken by in this window, and where they come from. */
function cutScores(doc: Pdf, summary: SchoolSummary) {
  // Five grades and the source under them: one block, never a header left on its own.
  keepTogether(doc, 240);
  heading(doc, "Cut scores");
  const season = summary.window.season;
  table(
    doc,
    [
      { header: "Grade", width: 70 },
      { header: "At or above from (WCPM)", width: 104, align: "right" },
      { header: "Well below at or under (WCPM)", width: 116, align: "right" },
      { header: "Source" },
    ],
    summary.grades.map((g) => [
      gradeName(g.grade),
      g.cuts ? `${g.cuts.benchmark}` : "--",
      g.cuts ? `${g.cuts.wellBelow}` : "--",
      !g.cuts
        ? `No norm for the ${season}: not tiered`
        : g.cutsFrom === "district"
          ? "The district's own cut scores"
          : "Hasbrouck–Tindal 2017 norms (50th percentile)",
    ]),
    { fontSize: 9 },
  );
  note(
    doc,
    `A student's score is the median of three one-minute passages; the percentile always comes from the norms. Norms: ${ORF_NORMS_SOURCE}`,
  );
}
