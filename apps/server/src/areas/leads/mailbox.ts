import { OUTBOX_LIMIT, type OutboxMessage } from "@refrain/domain";
import { desc, eq, sql } from "drizzle-orm";
import type { Storage } from "../../adapters/storage.ts";
import { notFound } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/index.ts";

/** The staff mailbox: every message the product sent, newest first, optionally to one address. */
export async function listOutbox(db: Db, to?: string): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(to ? sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}` : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(OUTBOX_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    transport: row.transport,
    sentAt: row.sentAt?.toISOString() ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    attachments: row.attachments.map(({ filename, contentType, size, storageKey }) => ({
      filename,
      contentType,
      size,
      withheld: storageKey === null,
    })),
  }));
}

/** One stored attachment of a message: its bytes and how to label them. */
export async function readOutboxAttachment(
  db: Db,
  storage: Storage,
  messageId: number,
  index: number,
) {
  const [row] = await db
    .select({ attachments: mailOutbox.attachments })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, messageId));
  const attachment = row?.attachments[index];
  // A withheld attachment (login cards) was never stored: it went to the recipient only.
  if (!attachment?.storageKey) throw notFound();
  const content = await storage.get(attachment.storageKey);
  if (!content) throw notFound();
  return { filename: attachment.filename, contentType: attachment.contentType, content };
}
