import { randomBytes } from "node:crypto";
import {
  COMPANY,
  formatCents,
  formatInvoiceNumber,
  INVOICE_PREFIXES,
  leadMessages,
  leadsCalls,
  type PriceTable,
  pathOf,
  priceQuote,
  QUOTE_VALID_DAYS,
  type QuoteKind,
  type QuoteRequest,
  STATE_NOT_LISTED,
} from "@refrain/domain";
import { eq, sql } from "drizzle-orm";
import type { Storage } from "../../adapters/storage.ts";
import type { Config } from "../../config.ts";
import { dateText } from "../../core/date-text.ts";
import type { Db } from "../../db/client.ts";
import { invoiceCounters, quotes } from "../../db/schema/index.ts";
import { escapeHtml } from "../../html.ts";
import { letter } from "../../mail-layout.ts";
import { renderQuotePdf } from "./quote-pdf.ts";
import { type LeadsDeps, type NewLead, notifySales, recordLead, sendQuietly } from "./service.ts";

const DAY_MS = 86_400_000;

export function priceTable(config: Config): PriceTable {
  return {
    schoolSeatCents: config.PRICE_SCHOOL_SEAT_CENTS,
    homeschoolStudentCents: config.PRICE_HOMESCHOOL_STUDENT_CENTS,
    volumeTiers: config.PRICE_VOLUME_TIERS,
  };
}

export const quoteUrl = (config: Config, token: string) =>
  `${config.PUBLIC_URL}${pathOf(leadsCalls.quotePdf, { token })}`;

/**
 * The next number of the year for quotes or invoices. The counter row is incremented and read
 * in one statement and stays locked until the transaction ends, so concurrent requests queue
 * and get consecutive numbers; a rolled-back request gives its number back.
 */
async function nextInvoiceNumber(tx: Db, kind: QuoteKind, year: number): Promise<string> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ prefix: INVOICE_PREFIXES[kind], year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.prefix, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  return formatInvoiceNumber(kind, year, row?.last as number);
}

/**
 * A quote (school) or invoice (homeschool): priced from the configured table, numbered, drawn
 * as a PDF, stored, and its download link e-mailed to the buyer.
 */
export async function requestQuote(
  deps: LeadsDeps & { storage: Storage },
  body: QuoteRequest,
  ip: string,
  now = new Date(),
) {
  const kind: QuoteKind = body.product === "homeschool" ? "invoice" : "quote";
  const { lines, totalCents } = priceQuote(body, priceTable(deps.config));
  const token = randomBytes(24).toString("base64url");
  const validUntil = new Date(now.getTime() + QUOTE_VALID_DAYS * DAY_MS);
  const lead: NewLead = {
    kind,
    email: body.email,
    firstName: body.firstname,
    lastName: body.lastname,
    organization: body.school,
    payload: body,
    ip,
  };

  const { leadId, invoiceNumber } = await deps.db.transaction(async (tx) => {
    const leadId = await recordLead(tx, lead);
    const invoiceNumber = await nextInvoiceNumber(tx, kind, now.getUTCFullYear());
    const storageKey = `quotes/${now.getUTCFullYear()}/${invoiceNumber}.pdf`;
    const state = body.state === STATE_NOT_LISTED ? "" : body.state;
    const pdf = await renderQuotePdf({
      kind,
      invoiceNumber,
      issuedAt: now,
      validUntil,
      salesEmail: deps.config.SALES_EMAIL,
      buyer: {
        name: `${body.firstname} ${body.lastname}`,
        title: body.title === "n/a" ? "" : body.title,
        organization: body.school,
        address: body.address,
        cityLine: `${body.city}, ${[state, body.zip].filter(Boolean).join(" ")}`,
        email: body.email,
        phone: body.phone,
      },
      lines,
      totalCents,
    });
    await deps.storage.put(storageKey, pdf);
    await tx.insert(quotes).values({
      leadId,
      invoiceNumber,
      kind,
      amountCents: totalCents,
      lines,
      storageKey,
      token,
      expiresAt: validUntil,
      createdAt: now,
    });
    return { leadId, invoiceNumber };
  });

  const url = quoteUrl(deps.config, token);
  const title = kind === "quote" ? "quote" : "invoice";
  const paragraphs = [
    `Hi ${body.firstname},`,
    `Thank you for your interest in ${COMPANY.product}. Your ${title} ${invoiceNumber} for ${body.school} comes to ${formatCents(totalCents)}. Download it here:`,
    url,
    `The link works for ${QUOTE_VALID_DAYS} days. The ${title} explains how to pay; reply to this email with any question.`,
    `Warm regards,\nThe ${COMPANY.product} team`,
  ];
  // The link is not one of the message's secrets: it opens no account, only this quote, whose
  // contents and link staff already see in the leads inbox, so the staff mailbox may show it.
  const subject = `Your ${COMPANY.product} ${title} ${invoiceNumber}`;
  await sendQuietly(deps.mailer, {
    to: body.email,
    subject,
    ...(await letter({ title: subject, paragraphs, signature: false })),
  });
  await notifySales(
    deps,
    { ...lead, payload: { invoiceNumber, total: formatCents(totalCents), ...body } },
    leadId,
  );

  return {
    message:
      kind === "quote"
        ? leadMessages.quoteSent(invoiceNumber)
        : leadMessages.invoiceSent(invoiceNumber),
    url,
    invoiceNumber,
  };
}

export type QuoteDownload =
  | { status: "ok"; invoiceNumber: string; content: Buffer }
  | { status: "expired"; invoiceNumber: string; kind: QuoteKind; expiredAt: Date }
  | { status: "missing" };

/** The PDF behind a download link, while the link is valid. */
export async function openQuote(
  db: Db,
  storage: Storage,
  token: string,
  now = new Date(),
): Promise<QuoteDownload> {
  const [row] = await db.select().from(quotes).where(eq(quotes.token, token));
  if (!row) return { status: "missing" };
  if (row.expiresAt <= now)
    return {
      status: "expired",
      invoiceNumber: row.invoiceNumber,
      kind: row.kind,
      expiredAt: row.expiresAt,
    };
  const content = await storage.get(row.storageKey);
  return content
    ? { status: "ok", invoiceNumber: row.invoiceNumber, content }
    : { status: "missing" };
}

// The web app's teal 8 (apps/web/src/app/theme.ts): white on it is 5.7:1, it on white 5.8:1.
export const LINK_PAGE_STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f8f9fa;color:#212529}
main{max-width:560px;margin:12vh auto;padding:32px;background:#fff;border:1px solid #dee2e6;border-radius:8px}
.brand{color:#0a7558;font-weight:700;font-size:22px;margin:0 0 24px}
h1{font-size:24px;margin:0 0 12px}p{line-height:1.55}
a.button{display:inline-block;margin-top:12px;padding:10px 18px;background:#0a7558;color:#fff;border-radius:6px;text-decoration:none;font-weight:600}
`;

/** A small standalone page for people who follow an old or wrong link from an e-mail. */
export function linkPage(
  title: string,
  paragraphs: string[],
  action: { href: string; label: string },
) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${COMPANY.product}</title>
<style>${LINK_PAGE_STYLE}</style></head>
<body><main>
<p class="brand">${COMPANY.product}</p>
<h1>${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<a class="button" href="${escapeHtml(action.href)}">${escapeHtml(action.label)}</a>
</main></body></html>`;
}

export function expiredQuotePage(download: Extract<QuoteDownload, { status: "expired" }>) {
  const title = download.kind === "quote" ? "quote" : "invoice";
  const expired = dateText(download.expiredAt);
  return linkPage(
    `This ${title} has expired`,
    [
      `The download link for ${title} ${download.invoiceNumber} worked for ${QUOTE_VALID_DAYS} days and expired on ${expired}.`,
      `Prices may have changed since then. Request a new ${title} and we will email you a fresh link right away; it takes a minute.`,
    ],
    download.kind === "quote"
      ? { href: "/pricing", label: "Request a new quote" }
      : { href: "/homeschool/invoice", label: "Request a new invoice" },
  );
}

export const missingQuotePage = () =>
  linkPage(
    "Quote not found",
    [
      "We could not find a quote or invoice at this address. Please check that the whole link from the email was copied.",
      "You can also request a new quote; it takes a minute.",
    ],
    { href: "/pricing", label: "Go to pricing" },
  );
