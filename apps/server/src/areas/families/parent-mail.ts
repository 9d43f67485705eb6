import type { ParentLanguage, ParentList } from "@refrain/domain";
import { eq, inArray, type SQL } from "drizzle-orm";
import type { ReactNode } from "react";
import type { MailAttachment } from "../../adapters/mail.ts";
import { classOrder } from "../../core/access.ts";
import type { AppServices } from "../../core/context.ts";
import { familyPreferences, users } from "../../db/schema/index.ts";
import { renderMail } from "../../mail-layout.ts";
import { parentMailLayout } from "./mail/layout.ts";
import { UnsubscribeTokens } from "./unsubscribe-token.ts";

/**
 * The one way to mail a parent (issue 16): whatever sends parent mail (Parent Connect, the weekly
 * report, a teacher's feedback) goes through `sendParentMail`, so every message honours the
 * teacher's switches, the parent's own unsubscribe and a bouncing address the same way, and
 * every message carries the footer link and RFC 8058's headers.
 */

export type ParentMailDeps = Pick<AppServices, "db" | "mailer" | "config">;
type Db = ParentMailDeps["db"];
/** Addressees may be read inside a transaction, e.g. one that has just saved the address. */
type Reader = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A student's parent as parent mail needs them; the table's defaults without a preferences row. */
export interface ParentAddressee {
  studentId: number;
  firstName: string;
  lastName: string;
  /** The student's sign-in name, which some mail tells the parent. */
  username: string;
  parentEmail: string | null;
  language: ParentLanguage;
  sendWeeklyReport: boolean;
  sendParentEmails: boolean;
  weeklyReportUnsubscribedAt: Date | null;
  parentEmailsUnsubscribedAt: Date | null;
  bouncingAt: Date | null;
}

/**
 * The parent's address and what they chose to receive, from `users` joined to its
 * `familyPreferences` (null without a row).
 */
export const parentChoiceColumns = {
  parentEmail: users.parentEmail,
  language: familyPreferences.language,
  sendWeeklyReport: familyPreferences.sendWeeklyReport,
  sendParentEmails: familyPreferences.sendParentEmails,
  weeklyReportUnsubscribedAt: familyPreferences.weeklyReportUnsubscribedAt,
  parentEmailsUnsubscribedAt: familyPreferences.parentEmailsUnsubscribedAt,
  bouncingAt: familyPreferences.bouncingAt,
};

const addresseeColumns = {
  studentId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  ...parentChoiceColumns,
};

/**
 * The addressees of `studentIds` by student id, in one query (a batch sender loads its students
 * at once and hands each row to `sendParentMail`). Callers check ownership first: this reads any
 * student's row.
 */
export async function loadAddressees(
  db: Reader,
  studentIds: number[],
): Promise<Map<number, ParentAddressee>> {
  if (studentIds.length === 0) return new Map();
  const rows = await addresseesWhere(db, inArray(users.id, studentIds));
  return new Map(rows.map((row) => [row.studentId, row]));
}

/** The addressees of the students `condition` selects (e.g. `studentsOf(teacherId)`). */
export async function addresseesWhere(
  db: Reader,
  condition: SQL | undefined,
): Promise<ParentAddressee[]> {
  const rows = await db
    .select(addresseeColumns)
    .from(users)
    .leftJoin(familyPreferences, eq(familyPreferences.studentId, users.id))
    .where(condition)
    .orderBy(...classOrder);
  return rows.map((row) => ({
    ...row,
    language: row.language ?? "en",
    sendWeeklyReport: row.sendWeeklyReport ?? false,
    sendParentEmails: row.sendParentEmails ?? false,
  }));
}

/** Why a parent gets nothing. */
export type SkipReason = "no_student" | "no_address" | "list_off" | "unsubscribed" | "bouncing";

/**
 * Why `list` must not go to this parent now, or null when it may. `byHand`: see
 * `ParentMailRequest.byHand`.
 */
export function skipReasonOf(
  addressee: ParentAddressee,
  list: ParentList,
  byHand = false,
): SkipReason | null {
  if (!addressee.parentEmail) return "no_address";
  const on = list === "weekly_report" ? addressee.sendWeeklyReport : addressee.sendParentEmails;
  if (!on && !byHand) return "list_off";
  const since =
    list === "weekly_report"
      ? addressee.weeklyReportUnsubscribedAt
      : addressee.parentEmailsUnsubscribedAt;
  if (since) return "unsubscribed";
  if (addressee.bouncingAt) return "bouncing";
  return null;
}

/** One mail's own words, already in the parent's language. */
export interface ParentMailContent {
  subject: string;
  /** Built with the layout's helpers (`paragraph`); the layout adds header and footer. */
  content: ReactNode;
  /** The line an inbox shows after the subject; the subject when absent. */
  preview?: string;
  /** Files the parent receives with it, such as the recording permission slip. */
  attachments?: MailAttachment[];
  /**
   * Parts only the parent may see, such as the link to a child's reading, as they appear in the
   * rendered text and HTML: the outbox copy, which staff read, hides them (MailMessage.secrets).
   */
  secrets?: string[];
}

export interface ParentMailRequest {
  /** The student, or their addressee already loaded by `loadAddressees`. */
  student: number | ParentAddressee;
  /** The list the mail belongs to: its switch, its unsubscribe date and its footer link. */
  list: ParentList;
  /** Writes the mail for this parent, in `addressee.language`; only called when it is sent. */
  compose: (addressee: ParentAddressee) => ParentMailContent | Promise<ParentMailContent>;
  /** Where the parent's reply goes: the teacher who wrote, rather than our sender address. */
  replyTo?: string;
  /**
   * A mail the teacher writes to this one family now (a shared reading): the teacher's act
   * stands for the list's switch, whose default is off for every family the teacher never set
   * up on Email Parents. The parent's own unsubscribe and a bouncing address still stop it.
   */
  byHand?: boolean;
}

export type ParentMailResult =
  | { status: "queued"; outboxId: number; to: string }
  | { status: "skipped"; reason: SkipReason };

/** A rendered parent mail: both parts and what its unsubscribe link and headers say. */
export interface RenderedParentMail {
  subject: string;
  html: string;
  text: string;
  unsubscribeUrl: string;
  headers: Record<string, string>;
}

/**
 * Renders a mail the way `sendParentMail` sends it, without checking whether it may be sent:
 * the preview a teacher sees is exactly what the parent would receive.
 */
export async function renderParentMail(
  config: ParentMailDeps["config"],
  addressee: ParentAddressee,
  list: ParentList,
  mail: ParentMailContent,
): Promise<RenderedParentMail> {
  const tokens = new UnsubscribeTokens(config.APP_SECRET);
  const target = { studentId: addressee.studentId, list };
  const unsubscribeUrl = tokens.url(config.PUBLIC_URL, target);
  const { html, text } = await renderMail(
    parentMailLayout(
      {
        language: addressee.language,
        studentFirstName: addressee.firstName,
        unsubscribeUrl,
        preview: mail.preview ?? mail.subject,
        title: mail.subject,
      },
      mail.content,
    ),
  );
  return {
    subject: mail.subject,
    html,
    text,
    unsubscribeUrl,
    headers: tokens.headers(config.PUBLIC_URL, target),
  };
}

/**
 * Queues one mail to a student's parent through the mailer (outbox, then the "mail" job that
 * retries), or sends nothing and says why: no address, the list switched off by the teacher,
 * unsubscribed by the parent, or an address that refused mail for good.
 */
export async function sendParentMail(
  deps: ParentMailDeps,
  request: ParentMailRequest,
): Promise<ParentMailResult> {
  const addressee =
    typeof request.student === "number"
      ? (await loadAddressees(deps.db, [request.student])).get(request.student)
      : request.student;
  if (!addressee) return { status: "skipped", reason: "no_student" };
  const reason = skipReasonOf(addressee, request.list, request.byHand);
  if (reason || !addressee.parentEmail)
    return { status: "skipped", reason: reason ?? "no_address" };
  const composed = await request.compose(addressee);
  const mail = await renderParentMail(deps.config, addressee, request.list, composed);
  const { id } = await deps.mailer.send({
    to: addressee.parentEmail,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    replyTo: request.replyTo,
    attachments: composed.attachments,
    // Anyone holding the link can stop this family's mail: staff reading the outbox must not.
    secrets: [mail.unsubscribeUrl, ...(composed.secrets ?? [])],
    // A permanent refusal marks this family's address bouncing (the "mail" job, jobs/index.ts).
    family: { studentId: addressee.studentId },
    aboutStudentIds: [addressee.studentId],
  });
  return { status: "queued", outboxId: id, to: addressee.parentEmail };
}
