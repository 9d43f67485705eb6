import type { Pdf } from "./pdf.ts";

/**
 * One look for every printed document (the lessons' printables, the screening summary), so a new
 * one lays out with these titles, tables and footers: teal accent like the app, dark grey text,
 * light rules.
 */
export const INK = "#212529";
export const MUTED = "#6c757d";
export const ACCENT = "#0c8599";
export const RULE = "#ced4da";
export const TINT = "#e6fcf5";

export const REGULAR = "Helvetica";
export const BOLD = "Helvetica-Bold";
export const ITALIC = "Helvetica-Oblique";

export const contentWidth = (doc: Pdf) =>
  doc.page.width - doc.page.margins.left - doc.page.margins.right;
const left = (doc: Pdf) => doc.page.margins.left;
const bottom = (doc: Pdf) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page unless `height` points still fit on this one. */
export function keepTogether(doc: Pdf, height: number) {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

/** The small caps line above a title, the title, and an optional line under it. */
export function documentTitle(doc: Pdf, kicker: string, title: string, subtitle?: string) {
  doc.font(BOLD).fontSize(9).fillColor(ACCENT).text(kicker.toUpperCase(), { characterSpacing: 1 });
  doc.moveDown(0.2);
  doc.font(BOLD).fontSize(22).fillColor(INK).text(title);
  if (subtitle) {
    doc.moveDown(0.2);
    doc.font(REGULAR).fontSize(11).fillColor(MUTED).text(subtitle);
  }
  doc.moveDown(0.4);
  rule(doc, ACCENT, 1.5);
  doc.moveDown(0.8);
}

export function rule(doc: Pdf, color = RULE, width = 0.75) {
  const y = doc.y;
  doc
    .save()
    .moveTo(left(doc), y)
    .lineTo(left(doc) + contentWidth(doc), y)
    .lineWidth(width)
    .strokeColor(color)
    .stroke()
    .restore();
}

export function heading(doc: Pdf, text: string) {
  keepTogether(doc, 60);
  doc.moveDown(0.6);
  doc.font(BOLD).fontSize(14).fillColor(ACCENT).text(text, left(doc));
  doc.moveDown(0.3);
}

export function paragraph(doc: Pdf, text: string) {
  doc
    .font(REGULAR)
    .fontSize(11)
    .fillColor(INK)
    .text(text, left(doc), doc.y, { lineGap: 2, width: contentWidth(doc) });
  doc.moveDown(0.5);
}

/** A bulleted list; a bold lead-in before the first colon of an item. */
export function bullets(doc: Pdf, items: readonly string[]) {
  const indent = 14;
  for (const item of items) {
    keepTogether(doc, 30);
    const y = doc.y;
    doc.font(BOLD).fontSize(11).fillColor(ACCENT).text("•", left(doc), y);
    const colon = item.indexOf(": ");
    const options = { width: contentWidth(doc) - indent, lineGap: 2 };
    doc.fillColor(INK);
    if (colon > 0 && colon < 40) {
      doc
        .font(BOLD)
        .text(item.slice(0, colon + 1), left(doc) + indent, y, { ...options, continued: true })
        .font(REGULAR)
        .text(item.slice(colon + 1));
    } else {
      doc.font(REGULAR).text(item, left(doc) + indent, y, options);
    }
    doc.moveDown(0.3);
  }
  doc.x = left(doc);
  doc.moveDown(0.3);
}

export interface Column {
  header: string;
  /** Points; the last column without one takes what is left. */
  width?: number;
  align?: "left" | "center" | "right";
}

/**
 * A ruled table with a tinted header row, repeated on a new page when the rows run over.
 * Rows are lists of cell texts in column order.
 */
export function table(
  doc: Pdf,
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  opts: { rowHeight?: number; fontSize?: number } = {},
) {
  const fontSize = opts.fontSize ?? 10;
  const padding = 5;
  const fixed = columns.reduce((sum, c) => sum + (c.width ?? 0), 0);
  const flexible = columns.filter((c) => c.width === undefined).length;
  const widths = columns.map((c) => c.width ?? (contentWidth(doc) - fixed) / Math.max(1, flexible));
  const x0 = left(doc);
  const heightOf = (cells: readonly string[], font: string) => {
    doc.font(font).fontSize(fontSize);
    const text = Math.max(
      ...cells.map((cell, i) =>
        doc.heightOfString(cell, { width: (widths[i] ?? 0) - 2 * padding }),
      ),
    );
    return Math.max(opts.rowHeight ?? 0, text + 2 * padding);
  };
  const drawRow = (cells: readonly string[], header: boolean) => {
    const font = header ? BOLD : REGULAR;
    const h = heightOf(cells, font);
    if (doc.y + h > bottom(doc)) {
      doc.addPage();
      if (!header)
        drawRow(
          columns.map((c) => c.header),
          true,
        );
    }
    const y = doc.y;
    let x = x0;
    cells.forEach((cell, i) => {
      const w = widths[i] ?? 0;
      if (header) doc.save().rect(x, y, w, h).fill(TINT).restore();
      doc.save().rect(x, y, w, h).lineWidth(0.75).strokeColor(RULE).stroke().restore();
      doc
        .font(font)
        .fontSize(fontSize)
        .fillColor(header ? ACCENT : INK)
        .text(cell, x + padding, y + padding, {
          width: w - 2 * padding,
          align: columns[i]?.align ?? "left",
        });
      x += w;
    });
    doc.x = x0;
    doc.y = y + h;
  };
  drawRow(
    columns.map((c) => c.header),
    true,
  );
  for (const row of rows) drawRow(row, false);
  doc.moveDown(0.8);
}

/** Lines to write on. */
export function writingLines(doc: Pdf, count: number, gap = 24) {
  for (let i = 0; i < count; i++) {
    doc.y += gap;
    rule(doc);
  }
  doc.moveDown(0.5);
}

/** A footer on every page: the document's name and "page n of m". Needs `bufferPages`. */
export function footers(doc: Pdf, label: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - doc.page.margins.bottom + 18;
    // Writing below the bottom margin would otherwise start yet another page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(MUTED)
      // A long label (a school's full name) ends in an ellipsis before the page number.
      .text(`Refrain · ${label}`, left(doc), y, {
        width: contentWidth(doc) - 64,
        height: 10,
        ellipsis: true,
        lineBreak: false,
      })
      .text(`Page ${i - range.start + 1} of ${range.count}`, left(doc), y, {
        width: contentWidth(doc),
        align: "right",
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
}
