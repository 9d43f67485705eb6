import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { cascadingRef, createdAt, nullingRef, timestamptz } from "./columns.ts";
import { users } from "./core.ts";

/**
 * Everything a visitor submits through a public form, in one table the staff inbox filters:
 * the common fields as columns, the whole form as `payload`.
 */
export const leads = pgTable(
  "leads",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", {
      enum: [
        "book_call",
        "school_trial",
        "district_pricing",
        "feedback",
        "contact",
        "quote",
        "invoice",
      ],
    }).notNull(),
    email: text("email"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    /** School or district name, when the form has one. */
    organization: text("organization"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** The signed-in user who sent it (feedback), if any. */
    userId: nullingRef("user_id", () => users.id),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("leads_kind_created_idx").on(t.kind, t.createdAt),
    index("leads_created_idx").on(t.createdAt),
  ],
);

/** A priced quote or homeschool invoice, its PDF in storage, reachable by link for 30 days. */
export const quotes = pgTable(
  "quotes",
  {
    id: serial("id").primaryKey(),
    leadId: cascadingRef("lead_id", () => leads.id),
    invoiceNumber: text("invoice_number").notNull(),
    kind: text("kind", { enum: ["quote", "invoice"] }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    lines: jsonb("lines")
      .$type<{ description: string; quantity: number; unitCents: number }[]>()
      .notNull(),
    storageKey: text("storage_key").notNull(),
    /** The unguessable part of the download link. */
    token: text("token").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("quotes_invoice_number_uq").on(t.invoiceNumber),
    uniqueIndex("quotes_token_uq").on(t.token),
  ],
);

/**
 * The last number given per prefix ("Q", "INV") and year. Numbers come from an upsert that
 * increments and returns in one statement, so two quotes never share one, on any server.
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    prefix: text("prefix").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.year] })],
);

/**
 * Captcha challenges already solved and used, so one solution buys one submission. Rows are
 * useless once the challenge expired and are swept then.
 */
export const captchaSolutions = pgTable(
  "captcha_solutions",
  {
    challengeId: text("challenge_id").primaryKey(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [index("captcha_solutions_expires_idx").on(t.expiresAt)],
);
