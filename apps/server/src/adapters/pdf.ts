import { createRequire } from "node:module";

export type Pdf = PDFKit.PDFDocument;

// pdfkit (with its fonts' parsers) is loaded by the first PDF, not at every start of the server
// (issue 40): a tenth of a second that only a download or a report job needs.
let PDFDocument: typeof import("pdfkit") | undefined;

/** Renders a PDF in memory: `draw` lays out the pages with pdfkit's built-in fonts. */
export function renderPdf(
  draw: (doc: Pdf) => void,
  options: PDFKit.PDFDocumentOptions = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    PDFDocument ??= createRequire(import.meta.url)("pdfkit") as typeof import("pdfkit");
    const doc = new PDFDocument({ size: "LETTER", margin: 54, ...options });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    draw(doc);
    doc.end();
  });
}
