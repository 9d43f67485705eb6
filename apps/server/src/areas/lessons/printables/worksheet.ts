import { gradeLabelRepeats, readingLevel } from "@refrain/domain";
import { type Pdf, renderPdf } from "../../../adapters/pdf.ts";
import {
  ACCENT,
  BOLD,
  contentWidth,
  documentTitle,
  footers,
  heading,
  INK,
  ITALIC,
  keepTogether,
  MUTED,
  paragraph,
  REGULAR,
  RULE,
  table,
  writingLines,
} from "../../../adapters/pdf-layout.ts";
import { EXPRESSION_SUMMARY } from "./content.ts";

export interface WorksheetLesson {
  title: string;
  planId: number;
  gradeLabel: string;
  lexile: number;
  wordsPerMinute: number;
  lyrics: string;
  extensionPrompt: string;
}

const TEXT_SIZE = 11.5;
const COUNT_WIDTH = 40;

/** A printed line of the lesson: its words, and the running word count at its end; null is a stanza break. */
export type PrintedLine = { text: string; count: number } | null;

/**
 * The lesson's lines as printed, each with the running word count at its end. Lines longer
 * than `fits` allows wrap into several printed lines, each with its own count.
 */
export function printedLines(lyrics: string, fits: (text: string) => boolean): PrintedLine[] {
  const out: PrintedLine[] = [];
  let count = 0;
  for (const line of lyrics.split("\n")) {
    const words = line.split(/\s+/).filter(Boolean);
    if (words.length === 0) {
      if (out.length > 0 && out.at(-1) !== null) out.push(null);
      continue;
    }
    let current: string[] = [];
    for (const word of words) {
      if (current.length > 0 && !fits([...current, word].join(" "))) {
        count += current.length;
        out.push({ text: current.join(" "), count });
        current = [];
      }
      current.push(word);
    }
    count += current.length;
    out.push({ text: current.join(" "), count });
  }
  return out;
}

/**
 * The line under a worksheet's title: the reading level, the grade label when it adds to it
 * (a benchmark's grade, not "Kindergarten" twice), Lexile and read-along speed.
 */
export function worksheetSubtitle(lesson: WorksheetLesson): string {
  const level = readingLevel(lesson.planId)?.name ?? lesson.gradeLabel;
  return [
    level,
    ...(gradeLabelRepeats(level, lesson.gradeLabel) ? [] : [lesson.gradeLabel]),
    `Lexile ${lesson.lexile}`,
    `Read-along ${lesson.wordsPerMinute} WPM`,
  ].join(" · ");
}

/**
 * A lesson's fluency worksheet: the text with running word counts, a table to track three
 * readings, and the day 4 prompt. Written and laid out by us from the lesson's own content.
 */
export function renderWorksheet(lesson: WorksheetLesson): Promise<Buffer> {
  return renderPdf((doc) => drawWorksheet(doc, lesson), {
    bufferPages: true,
    info: { Title: `${lesson.title}: Fluency Worksheet`, Author: "Refrain" },
  });
}

function drawWorksheet(doc: Pdf, lesson: WorksheetLesson) {
  documentTitle(doc, "Fluency worksheet", lesson.title, worksheetSubtitle(lesson));
  nameAndDate(doc);

  heading(doc, "Read the lesson");
  doc
    .font(ITALIC)
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(
      "Read for one minute while a partner follows along and marks each missed word with a slash. " +
        "The number after a line is how many words have been read by the end of it.",
      { width: contentWidth(doc) },
    );
  doc.moveDown(0.6);
  lessonText(doc, lesson.lyrics);

  // The heading, the table and its note stay on one page.
  keepTogether(doc, 200);
  heading(doc, "Track three readings");
  table(
    doc,
    [
      { header: "Reading", width: 90 },
      { header: "Date", width: 90 },
      { header: "Words per minute", width: 110, align: "center" },
      { header: "Errors", width: 70, align: "center" },
      { header: "Expression (circle 1–5)", align: "center" },
    ],
    [
      ["1st reading", "", "", "", "1   2   3   4   5"],
      ["2nd reading", "", "", "", "1   2   3   4   5"],
      ["3rd reading", "", "", "", "1   2   3   4   5"],
    ],
    { rowHeight: 30 },
  );
  doc
    .font(REGULAR)
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(
      `Words correct per minute = words read in one minute minus errors. Expression: ${EXPRESSION_SUMMARY}`,
      { width: contentWidth(doc) },
    );

  keepTogether(doc, 190);
  heading(doc, "Day 4 extension");
  paragraph(doc, lesson.extensionPrompt);
  writingLines(doc, 4);

  footers(doc, `${lesson.title} · fluency worksheet`);
}

function nameAndDate(doc: Pdf) {
  const y = doc.y;
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  doc.font(REGULAR).fontSize(11).fillColor(INK);
  doc.text("Name", x, y, { lineBreak: false });
  doc.text("Partner", x + width * 0.55, y, { lineBreak: false });
  const lineY = y + 12;
  doc
    .save()
    .lineWidth(0.75)
    .strokeColor(RULE)
    .moveTo(x + 38, lineY)
    .lineTo(x + width * 0.5, lineY)
    .moveTo(x + width * 0.55 + 44, lineY)
    .lineTo(x + width, lineY)
    .stroke()
    .restore();
  doc.x = x;
  doc.y = lineY + 8;
}

function lessonText(doc: Pdf, lyrics: string) {
  const x = doc.page.margins.left;
  const textWidth = contentWidth(doc) - COUNT_WIDTH - 12;
  doc.font(REGULAR).fontSize(TEXT_SIZE);
  const lines = printedLines(lyrics, (text) => doc.widthOfString(text) <= textWidth);
  const lineHeight = doc.currentLineHeight() + 4;
  for (const line of lines) {
    if (line === null) {
      doc.y += lineHeight * 0.5;
      continue;
    }
    keepTogether(doc, lineHeight);
    const y = doc.y;
    doc
      .font(REGULAR)
      .fontSize(TEXT_SIZE)
      .fillColor(INK)
      .text(line.text, x, y, { width: textWidth, lineBreak: false });
    doc
      .font(BOLD)
      .fontSize(9.5)
      .fillColor(ACCENT)
      .text(String(line.count), x + contentWidth(doc) - COUNT_WIDTH, y + 1.5, {
        width: COUNT_WIDTH,
        align: "right",
        lineBreak: false,
      });
    doc.x = x;
    doc.y = y + lineHeight;
  }
  doc.moveDown(0.4);
}
