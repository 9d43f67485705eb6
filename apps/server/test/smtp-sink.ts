import { writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One message as the recipient's mail program would show it. */
export interface ReceivedMail {
  /** The envelope's recipients, as the server was told to deliver. */
  to: string[];
  subject: string;
  /** The Reply-To header, when the message has one. */
  replyTo: string | null;
  /** The message's own header lines, unfolded, by lower-case name (the last of a repeated one). */
  headers: Record<string, string>;
  text: string;
  html: string | null;
  attachments: ReceivedAttachment[];
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** Headers (unfolded, names lower-case) and body of a MIME entity kept as a latin1 string. */
function splitEntity(entity: string): Part {
  const end = entity.search(/\r?\n\r?\n/);
  const head = end < 0 ? entity : entity.slice(0, end);
  const body = end < 0 ? "" : entity.slice(end).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** `text/plain; charset=utf-8` as its type and parameters. */
function headerValue(value = "") {
  const [main = "", ...rest] = value.split(";");
  const params = new Map<string, string>();
  for (const param of rest) {
    const eq = param.indexOf("=");
    if (eq > 0)
      params.set(
        param.slice(0, eq).trim().toLowerCase(),
        param
          .slice(eq + 1)
          .trim()
          .replace(/^"(.*)"$/, "$1"),
      );
  }
  return { value: main.trim().toLowerCase(), params };
}

function decodeQuotedPrintable(body: string): Buffer {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i) & 0xff);
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): Buffer {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  return Buffer.from(part.body, "latin1");
}

/** RFC 2047 encoded words, as nodemailer writes subjects that are not plain ASCII. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_word, _charset, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replaceAll("_", " ")).toString("utf8"),
    );
}

/** Walks multipart entities: the first text and HTML bodies, and every attachment. */
function collect(part: Part, mail: Omit<ReceivedMail, "to" | "subject" | "replyTo" | "headers">) {
  const type = headerValue(part.headers.get("content-type") ?? "text/plain");
  const boundary = type.params.get("boundary");
  if (type.value.startsWith("multipart/") && boundary) {
    const sections = part.body.split(`--${boundary}`);
    // Before the first delimiter is the preamble; from the closing "--" on, the epilogue.
    for (const section of sections.slice(1)) {
      if (section.startsWith("--")) break;
      collect(splitEntity(section.replace(/^\r?\n/, "").replace(/\r?\n$/, "")), mail);
    }
    return;
  }
  const disposition = headerValue(part.headers.get("content-disposition"));
  const filename = disposition.params.get("filename") ?? type.params.get("name");
  const content = decodeBody(part);
  if (disposition.value === "attachment" || filename)
    mail.attachments.push({ filename: filename ?? "", contentType: type.value, content });
  else if (type.value === "text/html") mail.html ??= content.toString("utf8");
  else if (type.value === "text/plain" && mail.text === "") mail.text = content.toString("utf8");
}

/** A raw RFC 5322 message, decoded enough for tests to read what a person would. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const top = splitEntity(raw);
  const mail = { text: "", html: null as string | null, attachments: [] as ReceivedAttachment[] };
  collect(top, mail);
  return {
    to,
    subject: decodeWords(top.headers.get("subject") ?? ""),
    replyTo: top.headers.get("reply-to") ?? null,
    headers: Object.fromEntries(top.headers),
    ...mail,
  };
}

export interface SmtpSink {
  /** SMTP_URL for the server under test. */
  url: string;
  port: number;
  /** Every message received, oldest first. */
  received: ReceivedMail[];
  /**
   * The oldest message to `address` not taken yet, waiting for it a while (the app sends some
   * mail after it answers).
   */
  take(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that accepts every message, but for the recipients `reject`
 * refuses: the app sends to it as it would to a mail relay, so the SMTP path runs for real. With
 * `dir`, each message is also written there as JSON (attachments in base64) for a process that
 * cannot share memory with it (Playwright).
 */
export async function startSmtpSink(
  opts: {
    port?: number;
    dir?: string;
    /** The reply code refusing a recipient (550 mailbox unavailable, 450 try later), or null. */
    reject?: (address: string) => number | null;
  } = {},
): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiting = new Set<() => void>();
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // The app's pooled connections stay open between messages; closing waits this long for
    // them (smtp-server's default is 30 s) and then cuts them, as a mail server going away does.
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      const code = opts.reject?.(address.address) ?? null;
      if (code === null) return callback();
      callback(
        Object.assign(new Error("Recipient refused by the test sink"), { responseCode: code }),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const mail = parseMail(Buffer.concat(chunks).toString("latin1"), to);
        received.push(mail);
        if (opts.dir) {
          const file = join(opts.dir, `${Date.now()}-${String(++seq).padStart(5, "0")}.json`);
          writeFileSync(
            file,
            JSON.stringify({
              ...mail,
              attachments: mail.attachments.map((a) => ({
                ...a,
                content: a.content.toString("base64"),
              })),
            }),
          );
        }
        for (const wake of waiting) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  const next = (address: string) =>
    received.find(
      (mail) => !taken.has(mail) && mail.to.some((t) => t.toLowerCase() === address.toLowerCase()),
    );

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    async take(address, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = next(address);
        if (found) {
          taken.add(found);
          return found;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No e-mail reached ${address} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            waiting.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiting.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
