import { COMPANY, formatCents, type QuoteKind, type QuoteLine } from "@refrain/domain";
import { type Pdf, renderPdf } from "../../adapters/pdf.ts";
import { dateText } from "../../core/date-text.ts";

export interface QuoteDocument {
  kind: QuoteKind;
  invoiceNumber: string;
  issuedAt: Date;
  validUntil: Date;
  salesEmail: string;
  buyer: {
    name: string;
    title: string;
    organization: string;
    address: string;
    cityLine: string;
    email: string;
    phone: string;
  };
  lines: QuoteLine[];
  totalCents: number;
}

const ACCENT = "#099268";
const INK = "#212529";
const MUTED = "#6b7280";
const RULE = "#dee2e6";

/** A one-page quote or invoice: who we are, the buyer, the lines, the total, and how to pay. */
export function renderQuotePdf(quote: QuoteDocument): Promise<Buffer> {
  const title = quote.kind === "quote" ? "Quote" : "Invoice";
  return renderPdf(
    (doc) => {
      const left = doc.page.margins.left;
      const width = doc.page.width - left - doc.page.margins.right;
      const right = left + width;

      // Header: our name on the left, the document's title and number on the right.
      doc.rect(0, 0, doc.page.width, 8).fill(ACCENT);
      doc.fillColor(ACCENT).font("Helvetica-Bold").fontSize(26).text(COMPANY.product, left, 48);
      doc.fillColor(MUTED).font("Helvetica").fontSize(9).text("Reading fluency with song lyrics");
      doc
        .fillColor(INK)
        .font("Helvetica-Bold")
        .fontSize(22)
        .text(title.toUpperCase(), left, 48, { width, align: "right" });
      doc.font("Helvetica").fontSize(10).fillColor(INK);
      const meta: [string, string][] = [
        [`${title} number`, quote.invoiceNumber],
        ["Date", dateText(quote.issuedAt)],
        ["Valid until", dateText(quote.validUntil)],
      ];
      let y = 78;
      for (const [label, value] of meta) {
        doc.fillColor(MUTED).text(label, right - 230, y, { width: 110, align: "right" });
        doc
          .fillColor(INK)
          .font("Helvetica-Bold")
          .text(value, right - 115, y, { width: 115, align: "right" });
        doc.font("Helvetica");
        y += 15;
      }

      // From and To blocks.
      y = 150;
      const column = (x: number, heading: string, lines: string[]) => {
        doc.fillColor(ACCENT).font("Helvetica-Bold").fontSize(9).text(heading.toUpperCase(), x, y);
        doc.moveDown(0.3).fillColor(INK).font("Helvetica").fontSize(10.5);
        for (const [i, line] of lines.entries()) {
          doc.font(i === 0 ? "Helvetica-Bold" : "Helvetica").text(line, x, undefined, {
            width: width / 2 - 16,
          });
        }
        return doc.y;
      };
      const fromEnd = column(left, "From", [
        COMPANY.name,
        ...COMPANY.addressLines,
        quote.salesEmail,
      ]);
      const buyerLines = [
        quote.buyer.name,
        quote.buyer.title,
        quote.buyer.organization,
        quote.buyer.address,
        quote.buyer.cityLine,
        quote.buyer.email,
        quote.buyer.phone,
      ].filter((line) => line.trim() !== "");
      const toEnd = column(left + width / 2 + 16, "Prepared for", buyerLines);
      y = Math.max(fromEnd, toEnd) + 28;

      // Line items.
      const cols = { qty: right - 220, unit: right - 170, amount: right - 90 };
      doc.rect(left, y, width, 24).fill("#f1f3f5");
      doc.fillColor(MUTED).font("Helvetica-Bold").fontSize(9);
      doc.text("DESCRIPTION", left + 10, y + 8);
      doc.text("QTY", cols.qty, y + 8, { width: 40, align: "right" });
      doc.text("UNIT PRICE", cols.unit, y + 8, { width: 80, align: "right" });
      doc.text("AMOUNT", cols.amount, y + 8, { width: 80, align: "right" });
      y += 32;
      doc.font("Helvetica").fontSize(10).fillColor(INK);
      for (const line of quote.lines) {
        doc.text(line.description, left + 10, y, { width: cols.qty - left - 20 });
        const rowEnd = doc.y;
        doc.text(line.quantity.toLocaleString("en-US"), cols.qty, y, { width: 40, align: "right" });
        doc.text(formatCents(line.unitCents), cols.unit, y, { width: 80, align: "right" });
        doc.text(formatCents(line.quantity * line.unitCents), cols.amount, y, {
          width: 80,
          align: "right",
        });
        y = Math.max(rowEnd, doc.y) + 5;
        rule(doc, left, right, y);
        y += 8;
      }
      y += 8;
      doc.font("Helvetica-Bold").fontSize(13);
      doc.text("Total (USD)", cols.unit - 100, y, { width: 180, align: "right" });
      doc.fillColor(ACCENT).text(formatCents(quote.totalCents), cols.amount - 20, y, {
        width: 100,
        align: "right",
      });
      y += 26;
      doc.font("Helvetica").fontSize(9.5).fillColor(MUTED);
      doc.text(
        `Prices are for 12 months of access from the day payment is received. This ${title.toLowerCase()} is valid for 30 days, until ${dateText(quote.validUntil)}.`,
        left,
        y,
        { width },
      );

      // How to pay.
      y = doc.y + 24;
      doc.fillColor(ACCENT).font("Helvetica-Bold").fontSize(9).text("HOW TO PAY", left, y);
      doc.moveDown(0.4).fillColor(INK).font("Helvetica").fontSize(10.5);
      const ways = [
        `Card or bank transfer (ACH): write to ${quote.salesEmail} with the number ${quote.invoiceNumber} and we send you a secure payment link.`,
        quote.kind === "quote"
          ? `Purchase order: send your PO to ${quote.salesEmail}, quoting ${quote.invoiceNumber}. We invoice on net-30 terms.`
          : `Education savings account: submit this invoice to your program, which pays us directly; the number ${quote.invoiceNumber} identifies it.`,
        `Check: payable to ${COMPANY.name}, mailed to the address above, with ${quote.invoiceNumber} on the memo line.`,
      ];
      // A hanging indent, so wrapped lines start under the text rather than the bullet.
      doc.moveDown(0.2);
      for (const way of ways) {
        const top = doc.y;
        doc.text("•", left + 2, top);
        doc.text(way, left + 14, top, { width: width - 14, paragraphGap: 6 });
      }
      doc.moveDown(0.4);
      doc.text(
        "Accounts are set up as soon as payment or a purchase order arrives; we email the sign-in details the same day.",
        left,
        undefined,
        { width },
      );

      // Footer.
      const footerY = doc.page.height - doc.page.margins.bottom - 24;
      rule(doc, left, right, footerY - 10);
      doc
        .fillColor(MUTED)
        .fontSize(9)
        .text(
          `${COMPANY.name} · ${COMPANY.addressLines.join(", ")} · ${quote.salesEmail}`,
          left,
          footerY,
          { width, align: "center", lineBreak: false },
        );
    },
    {
      info: {
        Title: `${COMPANY.product} ${title} ${quote.invoiceNumber}`,
        Author: COMPANY.name,
      },
    },
  );
}

function rule(doc: Pdf, from: number, to: number, y: number) {
  doc.moveTo(from, y).lineTo(to, y).lineWidth(0.5).strokeColor(RULE).stroke();
}
