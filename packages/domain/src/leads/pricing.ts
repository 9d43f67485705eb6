import { z } from "zod";
import { COMPANY } from "./choices.ts";

// The pure rules of quotes and invoices: their prices, lines, numbers and amounts.

export interface PriceTable {
  /** A school seat (one student) for a year. */
  schoolSeatCents: number;
  /** One homeschool student for a year. */
  homeschoolStudentCents: number;
  /** Lower seat prices from `minSeats` seats on. */
  volumeTiers: { minSeats: number; seatCents: number }[];
}

export const quoteLine = z.object({
  description: z.string(),
  quantity: z.number(),
  unitCents: z.number(),
});
export type QuoteLine = z.infer<typeof quoteLine>;

/** The seat price for `seats`: the largest volume tier reached, else the list price. */
export function seatPriceCents(seats: number, prices: PriceTable): number {
  let price = prices.schoolSeatCents;
  let reached = 0;
  for (const tier of prices.volumeTiers) {
    if (seats >= tier.minSeats && tier.minSeats >= reached) {
      price = tier.seatCents;
      reached = tier.minSeats;
    }
  }
  return price;
}

/** The lines and total of a quote (school seats) or invoice (one line per homeschool student). */
export function priceQuote(
  request:
    | { product: "school"; subscription_count: number }
    | { product: "homeschool"; students: { firstname: string; lastname: string }[] },
  prices: PriceTable,
): { lines: QuoteLine[]; totalCents: number } {
  const lines: QuoteLine[] =
    request.product === "school"
      ? [
          {
            description: `${COMPANY.product} school site license, 12 months, per student`,
            quantity: request.subscription_count,
            unitCents: seatPriceCents(request.subscription_count, prices),
          },
        ]
      : request.students.map((student) => ({
          description: `${COMPANY.product} homeschool subscription, 12 months: ${`${student.firstname} ${student.lastname}`.trim()}`,
          quantity: 1,
          unitCents: prices.homeschoolStudentCents,
        }));
  const totalCents = lines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0);
  return { lines, totalCents };
}

export const INVOICE_PREFIXES = { quote: "Q", invoice: "INV" } as const;
export type QuoteKind = keyof typeof INVOICE_PREFIXES;

/** "Q-2026-000123" for quotes, "INV-2026-000123" for invoices. */
export function formatInvoiceNumber(kind: QuoteKind, year: number, sequence: number): string {
  return `${INVOICE_PREFIXES[kind]}-${year}-${String(sequence).padStart(6, "0")}`;
}

/** US dollars with cents and thousands separators: 123456 → "$1,234.56". */
export function formatCents(cents: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
}
