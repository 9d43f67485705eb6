import { createRequire } from "node:module";
import { eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { mailOutbox, type OutboxAttachment } from "../db/schema/index.ts";
import { SecretBox } from "./secret-box.ts";
import type { Storage } from "./storage.ts";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  /**
   * The file itself is a secret only the recipient may have, such as login cards holding a
   * class's passwords: it goes to the recipient and is never stored.
   */
  secret?: boolean;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go instead of the sender, e.g. the visitor who wrote to sales. */
  replyTo?: string;
  attachments?: MailAttachment[];
  /**
   * Parts of the message only the recipient may see, such as a sign-in link, exactly as they
   * appear in the text and in the HTML (escaped). The copy kept in the outbox, which staff
   * read, shows each replaced by SECRET_MARKER.
   */
  secrets?: string[];
  /**
   * Header lines of the sent message, such as RFC 8058's List-Unsubscribe and
   * List-Unsubscribe-Post: sealed with the message in its job and sent as they are (signed too,
   * with DKIM configured). The outbox copy, which nobody's mail program reads, leaves them out.
   */
  headers?: Record<string, string>;
  /**
   * The student whose parent this is (parent mail only, areas/families/parent-mail.ts): the
   * family whose address `onPermanentFailure` marks when the recipient's server refuses it.
   */
  family?: { studentId: number };
  /**
   * The students the message is about or names (parent mail, a class's login cards): their
   * erasure deletes the outbox copy and its attachments (areas/privacy/erase.ts).
   */
  aboutStudentIds?: number[];
}

/**
 * The recipient refused for good: a 5xx reply to RCPT TO, such as 550 mailbox unavailable.
 * Only that reply: a 5xx to AUTH or MAIL FROM says our relay is set up wrong, which is fixed and
 * then retried, and must not mark every family's address bouncing.
 */
export function isPermanentRecipientFailure(error: unknown): boolean {
  const e = error as { command?: unknown; responseCode?: unknown } | null;
  return (
    e?.command === "RCPT TO" &&
    typeof e.responseCode === "number" &&
    e.responseCode >= 500 &&
    e.responseCode < 600
  );
}

/** The key the "mail" job signs messages with (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY). */
export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * The header fields the DKIM signature covers: nodemailer's own list without the rarely used
 * ones, plus List-Unsubscribe-Post, which its list leaves out and RFC 8058 requires signed (a
 * mailbox provider honours one-click unsubscribe only when both List-Unsubscribe headers are).
 */
export const DKIM_SIGNED_HEADERS = [
  "From",
  "Sender",
  "Reply-To",
  "Subject",
  "Date",
  "Message-ID",
  "To",
  "Cc",
  "MIME-Version",
  "Content-Type",
  "Content-Transfer-Encoding",
  "In-Reply-To",
  "References",
  "List-Id",
  "List-Unsubscribe",
  "List-Unsubscribe-Post",
].join(":");

/** The storage folder of outbox attachments: `mail/<message id>/<index>-<file name>`. */
const MAIL_FOLDER = "mail";

/** What the kept copy shows in place of a secret. */
export const SECRET_MARKER = "[secret removed: only the recipient's copy has it]";

function hideSecrets(text: string, secrets: string[]): string {
  // Longest first, so a secret containing another is replaced whole.
  return [...secrets]
    .filter((secret) => secret !== "")
    .sort((a, b) => b.length - a.length)
    .reduce((out, secret) => out.replaceAll(secret, SECRET_MARKER), text);
}

const holdsSecrets = (message: MailMessage) =>
  (message.secrets ?? []).some((secret) => secret !== "") ||
  (message.attachments ?? []).some((a) => a.secret);

/** The whole message as the server console shows it, attachments by name only. */
function consoleBlock(message: MailMessage): string {
  const rule = "=".repeat(72);
  return [
    "",
    rule,
    "E-MAIL NOT SENT: no SMTP_URL. Development only: its secrets are shown here, never stored.",
    `To: ${message.to}`,
    `Subject: ${message.subject}`,
    "",
    message.text,
    ...(message.attachments ?? []).map(
      (a) =>
        `[attachment ${a.filename}, ${a.content.length} bytes: ${a.secret ? "holds secrets, not kept" : "kept in the outbox"}]`,
    ),
    rule,
    "",
  ].join("\n");
}

/** A message on its way through the "mail" job (jobs/index.ts): its outbox row and itself, sealed. */
export interface MailJob {
  id: number;
  sealed: string;
}

/**
 * Seals whole messages, secrets included, for the job row that carries them until they are sent:
 * that row sits in the database like the outbox, so it must not show a sign-in link or a class's
 * passwords either. AES-256-GCM, with a key derived from APP_SECRET for this use alone.
 */
export class MailSeal {
  private readonly box: SecretBox;

  constructor(appSecret: string) {
    this.box = new SecretBox(appSecret, "mail-jobs");
  }

  seal(message: MailMessage): string {
    const plain = JSON.stringify({
      ...message,
      attachments: message.attachments?.map((a) => ({
        ...a,
        content: a.content.toString("base64"),
      })),
    });
    return this.box.seal(plain);
  }

  open(sealed: string): MailMessage {
    const plain = this.box.open(sealed);
    const message = JSON.parse(plain) as Omit<MailMessage, "attachments"> & {
      attachments?: (Omit<MailAttachment, "content"> & { content: string })[];
    };
    return {
      ...message,
      attachments: message.attachments?.map((a) => ({
        ...a,
        content: Buffer.from(a.content, "base64"),
      })),
    };
  }
}

export interface Mailer {
  /** Keeps a copy without secrets in the outbox and, when SMTP is configured, queues it for sending. */
  send(message: MailMessage): Promise<{ id: number }>;
}

/**
 * Every message lands in the outbox table, which staff read, with its secrets (declared by the
 * sender) replaced by a marker and secret attachments withheld, so no staff member can use a
 * sign-in link or a class's passwords meant for someone else. With `outbound` (SMTP_URL set) the
 * full message, sealed, goes to the "mail" job, which sends it and retries while the mail server
 * is away (`createMailDelivery`). Without it, `devConsole` (development only: the configuration
 * refuses production without SMTP_URL) shows the person running the server the messages that
 * hold secrets.
 */
export function createMailer(deps: {
  db: Db;
  storage: Storage;
  outbound?: { seal: MailSeal; enqueue(job: MailJob): Promise<void> };
  devConsole?: (block: string) => void;
}): Mailer {
  return {
    async send(message) {
      const secrets = message.secrets ?? [];
      const [row] = await deps.db
        .insert(mailOutbox)
        .values({
          to: message.to,
          subject: hideSecrets(message.subject, secrets),
          text: hideSecrets(message.text, secrets),
          html: message.html ? hideSecrets(message.html, secrets) : null,
          transport: deps.outbound ? "smtp" : "outbox",
          attachments: [],
          aboutStudentIds: message.aboutStudentIds ?? [],
        })
        .returning({ id: mailOutbox.id });
      const id = row?.id as number;
      const attachments: OutboxAttachment[] = [];
      for (const [i, a] of (message.attachments ?? []).entries()) {
        const kept = { filename: a.filename, contentType: a.contentType, size: a.content.length };
        if (a.secret) {
          attachments.push({ ...kept, storageKey: null });
          continue;
        }
        const storageKey = `${MAIL_FOLDER}/${id}/${i}-${a.filename.replace(/[^\w.-]/g, "_")}`;
        await deps.storage.put(storageKey, a.content);
        attachments.push({ ...kept, storageKey });
      }
      if (attachments.length > 0)
        await deps.db.update(mailOutbox).set({ attachments }).where(eq(mailOutbox.id, id));
      if (deps.outbound)
        await deps.outbound.enqueue({ id, sealed: deps.outbound.seal.seal(message) });
      else if (deps.devConsole && holdsSecrets(message)) deps.devConsole(consoleBlock(message));
      return { id };
    },
  };
}

/**
 * The "mail" job's work: sends one queued message over SMTP and marks its outbox row sent. A
 * failure is written on the row, without the message's secrets, and thrown again (as that same
 * text, since the job's row keeps it) so the queue tries again later; except a recipient refused
 * for good, which another try would only repeat: `onPermanentFailure` hears of it (the jobs'
 * wiring marks a family's address bouncing) and the job ends.
 */
export function createMailDelivery(deps: {
  db: Db;
  smtpUrl: string;
  from: string;
  seal: MailSeal;
  dkim?: DkimKey;
  onPermanentFailure?: (message: MailMessage) => Promise<void>;
}) {
  // Required here, not imported: only a server with a mail server loads nodemailer (issue 40).
  const nodemailer = createRequire(import.meta.url)("nodemailer") as typeof import("nodemailer");
  // Pooled: a connection per message cost about 100 ms of greeting and EHLO even on loopback
  // (1.8 ms pooled), so a Friday's 20,000 weekly reports took half an hour to leave. Up to five
  // connections of up to 100 messages each, as nodemailer's pool defaults; `close` ends them.
  const transport = nodemailer.createTransport({ url: deps.smtpUrl, pool: true });
  const deliver = async ({ id, sealed }: MailJob) => {
    const [row] = await deps.db
      .select({ sentAt: mailOutbox.sentAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id));
    // A try that sent it and then stopped before its job was marked done: once is enough. No
    // row: the student it was about was erased, and their mail with them.
    if (!row || row.sentAt) return;
    const message = deps.seal.open(sealed);
    try {
      await transport.sendMail({
        from: deps.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        replyTo: message.replyTo,
        headers: message.headers,
        dkim: deps.dkim && { ...deps.dkim, headerFieldNames: DKIM_SIGNED_HEADERS },
        attachments: message.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
    } catch (error) {
      // A server's refusal may quote the message back.
      const reason =
        error instanceof Error
          ? hideSecrets(error.message, message.secrets ?? []).slice(0, 500)
          : "send failed";
      await deps.db.update(mailOutbox).set({ error: reason }).where(eq(mailOutbox.id, id));
      if (!isPermanentRecipientFailure(error)) throw new Error(reason);
      await deps.onPermanentFailure?.(message);
      return;
    }
    await deps.db
      .update(mailOutbox)
      .set({ sentAt: new Date(), error: null })
      .where(eq(mailOutbox.id, id));
  };
  return { deliver, close: () => transport.close() };
}

/** PostgreSQL's largest integer: a folder name above it names no message. */
const MAX_ID = 2_147_483_647;

/**
 * Deletes the stored attachment files no outbox message refers to, such as the login cards
 * (every password of a class) kept before the outbox withheld them: migration 0006 set their
 * `storageKey` to null, so nothing serves them, but the files stayed on disk. A message whose
 * attachment list is still empty may be half-way through `send` in another process (the row
 * comes first, then the files, then the list), so its files are left alone. Returns how many
 * files it deleted.
 */
export async function deleteUnreferencedMailFiles(db: Db, storage: Storage): Promise<number> {
  const keys = await storage.list(MAIL_FOLDER);
  const messageIdOf = (key: string) => Number(key.split("/")[1]);
  const ids = [...new Set(keys.map(messageIdOf))].filter(
    (id) => Number.isInteger(id) && id > 0 && id <= MAX_ID,
  );
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: mailOutbox.id, attachments: mailOutbox.attachments })
          .from(mailOutbox)
          .where(inArray(mailOutbox.id, ids));
  const attachmentsOf = new Map(rows.map((row) => [row.id, row.attachments]));
  const unreferenced = keys.filter((key) => {
    const attachments = attachmentsOf.get(messageIdOf(key));
    if (!attachments) return true;
    return attachments.length > 0 && !attachments.some((a) => a.storageKey === key);
  });
  for (const key of unreferenced) await storage.delete(key);
  return unreferenced.length;
}

/**
 * The retention job's outbox clean-up (issue 19): messages written before `before` go, with
 * their attachment files. Rows first: a file left by a crash is no message's any more, and
 * `deleteUnreferencedMailFiles` removes it at the next start. Returns how many messages went.
 */
export async function deleteOldOutboxMessages(
  db: Db,
  storage: Storage,
  before: Date,
): Promise<number> {
  const removed = await db
    .delete(mailOutbox)
    .where(lt(mailOutbox.createdAt, before))
    .returning({ attachments: mailOutbox.attachments });
  for (const { attachments } of removed)
    for (const { storageKey } of attachments) if (storageKey) await storage.delete(storageKey);
  return removed.length;
}
