import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema/index.ts";
import type { Storage } from "./storage.ts";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /**
   * Parts of the text only the recipient may see, such as a sign-in link. Once an SMTP server
   * has the message, the copy kept in the outbox (which staff read) shows them hidden.
   */
  secrets?: string[];
}

export const HIDDEN_SECRET = "[hidden: sent to the recipient only]";

function hideSecrets(text: string, secrets: string[]): string {
  return secrets.reduce((out, secret) => out.replaceAll(secret, HIDDEN_SECRET), text);
}

export interface Mailer {
  /** Records the message in the outbox and, when SMTP is configured, sends it. */
  send(message: MailMessage): Promise<{ id: number }>;
}

/**
 * Every message lands in the outbox table, which staff read, so nothing is lost when no mail
 * server exists. With SMTP_URL it is also sent, and the row says whether that worked.
 */
export function createMailer(deps: {
  db: Db;
  storage: Storage;
  smtpUrl?: string;
  from: string;
}): Mailer {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  return {
    async send(message) {
      const [row] = await deps.db
        .insert(mailOutbox)
        .values({
          to: message.to,
          subject: message.subject,
          // Without SMTP the outbox is how the message is delivered, so it keeps everything.
          text: transport ? hideSecrets(message.text, message.secrets ?? []) : message.text,
          html: message.html
            ? transport
              ? hideSecrets(message.html, message.secrets ?? [])
              : message.html
            : null,
          transport: transport ? "smtp" : "outbox",
          attachments: [],
        })
        .returning({ id: mailOutbox.id });
      const id = row?.id as number;
      const attachments = [];
      for (const [i, a] of (message.attachments ?? []).entries()) {
        const storageKey = `mail/${id}/${i}-${a.filename.replace(/[^\w.-]/g, "_")}`;
        await deps.storage.put(storageKey, a.content);
        attachments.push({
          filename: a.filename,
          contentType: a.contentType,
          size: a.content.length,
          storageKey,
        });
      }
      if (attachments.length > 0)
        await deps.db.update(mailOutbox).set({ attachments }).where(eq(mailOutbox.id, id));
      if (transport) {
        try {
          await transport.sendMail({
            from: deps.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
            attachments: message.attachments?.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: a.content,
            })),
          });
          await deps.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
        } catch (error) {
          await deps.db
            .update(mailOutbox)
            .set({ error: error instanceof Error ? error.message.slice(0, 500) : "send failed" })
            .where(eq(mailOutbox.id, id));
          throw error;
        }
      }
      return { id };
    },
  };
}
