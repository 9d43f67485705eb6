import { z } from "zod";
import { dataResponse, idParam, indexParam, keysOf, text } from "../validation.ts";
import { quoteLine } from "./pricing.ts";

// What staff read: every lead in the inbox, and the mail the server sent or kept.

// ───────────────────────── Staff inbox: GET /staff/leads ─────────────────────────

export const LEAD_KIND_LABELS = {
  book_call: "Book a call",
  school_trial: "School trial",
  district_pricing: "District pricing",
  quote: "Quote",
  invoice: "Homeschool invoice",
  feedback: "Feedback",
  contact: "Contact message",
};
export const LEAD_KINDS = keysOf(LEAD_KIND_LABELS);
export type LeadKind = (typeof LEAD_KINDS)[number];
export const LEADS_PAGE_SIZE = 50;

export const leadsQuery = z.object({
  kind: z.enum(LEAD_KINDS).optional(),
  /** Part of a name, e-mail or organization. */
  q: text().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
});

export const staffLead = z.object({
  id: z.number(),
  kind: z.enum(LEAD_KINDS),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  organization: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  userId: z.number().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  quote: z
    .object({
      invoiceNumber: z.string(),
      amountCents: z.number(),
      lines: z.array(quoteLine),
      url: z.string(),
      expiresAt: z.string(),
    })
    .nullable(),
});
export type StaffLead = z.infer<typeof staffLead>;

export const leadsResponse = dataResponse(
  z.object({
    leads: z.array(staffLead),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
);
export type LeadsResponse = z.infer<typeof leadsResponse>;

// ───────────────────────── Staff mailbox: GET /staff/outbox, GET /staff/outbox/{id}/attachments/{index} ─────────────────────────

/** How many messages the mailbox lists at most, newest first. */
export const OUTBOX_LIMIT = 200;

export const outboxQuery = z.object({
  /** Only messages to this address (exact, case-insensitive). */
  to: text().trim().max(320).optional(),
});

export const outboxAttachment = z.object({
  filename: z.string(),
  contentType: z.string(),
  size: z.number(),
  /** It held secrets (a class's passwords): sent to the recipient only, never kept. */
  withheld: z.boolean(),
});

export const outboxMessage = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  /** "outbox" when no SMTP server is configured, else "smtp". */
  transport: z.enum(["outbox", "smtp"]),
  /** ISO time the SMTP server took it; null when kept in the outbox or when sending failed. */
  sentAt: z.string().nullable(),
  /** Why SMTP delivery failed, if it did. */
  error: z.string().nullable(),
  createdAt: z.string(),
  attachments: z.array(outboxAttachment),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxResponse = dataResponse(z.object({ messages: z.array(outboxMessage) }));
export type OutboxResponse = z.infer<typeof outboxResponse>;

export const outboxAttachmentParams = z.object({ id: idParam, index: indexParam });
