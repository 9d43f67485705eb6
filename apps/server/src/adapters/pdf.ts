import PDFDocument from "pdfkit";

export type Pdf = PDFKit.PDFDocument;

/** Renders a PDF in memory: `draw` lays out the pages with pdfkit's built-in fonts. */
export function renderPdf(
  draw: (doc: Pdf) => void,
  options: PDFKit.PDFDocumentOptions = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "LETTER", margin: 54, ...options });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    draw(doc);
    doc.end();
  });
}
