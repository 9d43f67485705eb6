import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns.ts";

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** Where the file is kept; null when it held secrets and went to the recipient only. */
  storageKey: string | null;
}

/**
 * Every e-mail the product sends, whether or not an SMTP server took it, without its secrets
 * (see adapters/mail.ts): staff read this table.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    /** "outbox" when no SMTP server is configured, else "smtp". */
    transport: text("transport", { enum: ["outbox", "smtp"] }).notNull(),
    sentAt: timestamptz("sent_at"),
    error: text("error"),
    /** The students the message is about (issue 19): erasing a student erases their mail. */
    aboutStudentIds: integer("about_student_ids").array().notNull().default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_created_idx").on(t.createdAt),
    index("mail_outbox_to_idx").on(t.to),
    index("mail_outbox_about_idx").using("gin", t.aboutStudentIds),
  ],
);
