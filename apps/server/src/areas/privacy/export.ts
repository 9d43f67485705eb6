import { createHash, randomBytes } from "node:crypto";
import { Link } from "@react-email/components";
import { exportMessages, type StudentExport } from "@refrain/domain";
import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { createElement as h } from "react";
import type { Storage } from "../../adapters/storage.ts";
import { recordAudit } from "../../core/audit.ts";
import type { AppServices, Auth } from "../../core/context.ts";
import { dateTimeText } from "../../core/date-text.ts";
import { conflict, gone, invalid, notFound, ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { studentExports, users } from "../../db/schema/index.ts";
import { escapeHtml } from "../../html.ts";
import { paragraph } from "../../mail-layout.ts";
import { parentIntl, sendParentMail } from "../families/index.ts";
import { ownsClassOf, studentInReach } from "./scope.ts";

/**
 * Per-student exports (issue 19, docs/decisions/0026): whoever reaches a student asks for a
 * ZIP of everything held about them; the "privacy-export" job builds it (export-zip.ts). A
 * finished export is downloaded once, through a link whose token only its holder knows (the
 * SHA-256 is stored), until EXPORT_LINK_HOURS after it was built; the file goes after the
 * download, or at the expiry (the hourly clean-up). Requests, sends and downloads are audited.
 */

type Actor = Pick<Auth, "user" | "impersonator">;
type ExportDeps = Pick<AppServices, "db" | "jobs" | "limiter">;

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** Where an export's files live in the media store. */
export const exportPrefix = (exportId: number) => `exports/${exportId}`;

const requester = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username}, '')`;

async function exportRows(db: Db, where: ReturnType<typeof eq>): Promise<StudentExport[]> {
  const rows = await db
    .select({
      id: studentExports.id,
      status: studentExports.status,
      progress: studentExports.progress,
      createdAt: studentExports.createdAt,
      finishedAt: studentExports.finishedAt,
      expiresAt: studentExports.expiresAt,
      downloadedAt: studentExports.downloadedAt,
      bytes: studentExports.bytes,
      requestedBy: requester,
    })
    .from(studentExports)
    .leftJoin(users, eq(users.id, studentExports.requestedBy))
    .where(where)
    .orderBy(desc(studentExports.createdAt), desc(studentExports.id));
  return rows.map((row) => ({
    ...row,
    requestedBy: row.requestedBy ?? "",
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadedAt: row.downloadedAt?.toISOString() ?? null,
  }));
}

/**
 * POST /privacy/students/:studentId/exports: a new export, queued. A few per student an hour
 * (limits.ts `exportsPerStudent`), counted only for a student in reach, so nobody spends
 * another's allowance by guessing ids.
 */
export async function requestExport(deps: ExportDeps, actor: Actor, studentId: number, ip: string) {
  const { db, jobs, limiter } = deps;
  await studentInReach(db, actor.user, studentId);
  await limiter.check("exportsPerStudent", String(studentId));
  const exportId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(studentExports)
      .values({ studentId, requestedBy: actor.user.id })
      .returning({ id: studentExports.id });
    const { id } = ownedOr404(row);
    await recordAudit(tx, {
      actor,
      action: "privacy.export_request",
      target: studentId,
      ip,
      details: { exportId: id },
    });
    return id;
  });
  const [created] = await exportRows(db, eq(studentExports.id, exportId));
  await jobs.send("privacy-export", { exportId });
  return ownedOr404(created);
}

/** GET /privacy/students/:studentId/exports: newest first, and whether the caller may send one. */
export async function listExports(db: Db, caller: Actor["user"], studentId: number) {
  const student = await studentInReach(db, caller, studentId);
  const [address] = await db
    .select({ parentEmail: users.parentEmail })
    .from(users)
    .where(eq(users.id, studentId));
  return {
    exports: await exportRows(db, eq(studentExports.studentId, studentId)),
    canSendToParent: ownsClassOf(caller, student) && Boolean(address?.parentEmail),
  };
}

/** An export whose student the caller reaches; 404 otherwise. */
async function exportInReach(db: Db, caller: Actor["user"], exportId: number) {
  const [row] = await db
    .select({ studentId: studentExports.studentId })
    .from(studentExports)
    .where(eq(studentExports.id, exportId));
  const student = await studentInReach(db, caller, ownedOr404(row).studentId);
  return { student };
}

/** A finished export whose file is still to be handed out: not downloaded and not expired. */
const unclaimed = [
  eq(studentExports.status, "ready"),
  isNull(studentExports.downloadedAt),
  gt(studentExports.expiresAt, sql`now()`),
];

/**
 * Gives a finished, unused, unexpired export a new token (the older link stops working) and
 * returns the link's path; 409 while it is being built, 410 once used, expired or failed.
 */
async function issueLink(db: Db, exportId: number) {
  const token = randomBytes(32).toString("base64url");
  const [issued] = await db
    .update(studentExports)
    .set({ tokenHash: tokenHash(token) })
    .where(and(eq(studentExports.id, exportId), ...unclaimed))
    .returning({ expiresAt: studentExports.expiresAt });
  if (!issued?.expiresAt) {
    const [row] = await db
      .select({ status: studentExports.status })
      .from(studentExports)
      .where(eq(studentExports.id, exportId));
    if (row?.status === "queued" || row?.status === "running")
      throw conflict(exportMessages.notReady);
    throw gone(exportMessages.linkGone);
  }
  return { path: `/privacy/exports/${token}`, expiresAt: issued.expiresAt };
}

/** POST /privacy/exports/:exportId/link: a fresh single-use link for whoever reaches the student. */
export async function exportLink(db: Db, caller: Actor["user"], exportId: number) {
  await exportInReach(db, caller, exportId);
  const { path, expiresAt } = await issueLink(db, exportId);
  return { url: path, expiresAt: expiresAt.toISOString() };
}

/**
 * POST /privacy/exports/:exportId/send: the class owner e-mails the parent on file a fresh
 * single-use link (a parent's request to inspect their child's records goes through the
 * teacher). The link replaces any earlier one. The outbox copy hides it (secrets).
 */
export async function sendExportToParent(
  deps: Pick<AppServices, "db" | "mailer" | "config">,
  actor: Actor,
  exportId: number,
  ip: string,
) {
  const { db, config } = deps;
  const { student } = await exportInReach(db, actor.user, exportId);
  if (!ownsClassOf(actor.user, student)) throw notFound();
  const [address] = await db
    .select({ parentEmail: users.parentEmail })
    .from(users)
    .where(eq(users.id, student.id));
  if (!address?.parentEmail) throw invalid({ parentEmail: [exportMessages.noParentEmail] });
  const { path, expiresAt } = await issueLink(db, exportId);
  const url = `${config.PUBLIC_URL}${path}`;
  const result = await sendParentMail(deps, {
    student: student.id,
    list: "parent_emails",
    // The teacher sends it now, at the parent's request: as a shared reading is.
    byHand: true,
    compose: (parent) => {
      const intl = parentIntl(parent.language);
      const values = {
        name: parent.firstName,
        date: dateTimeText(expiresAt, intl.locale),
      };
      return {
        subject: intl.formatMessage({ id: "exportMail.subject" }, values),
        content: h(
          "div",
          null,
          paragraph(intl.formatMessage({ id: "exportMail.intro" }, values)),
          paragraph(h(Link, { href: url }, intl.formatMessage({ id: "exportMail.download" }))),
          paragraph(intl.formatMessage({ id: "exportMail.once" }, values)),
        ),
        // Whoever holds the link downloads a child's records: staff reading the outbox must not.
        secrets: [url, escapeHtml(url)],
      };
    },
  });
  if (result.status === "skipped")
    throw invalid({ parentEmail: [exportMessages.parentNotMailable] });
  await recordAudit(db, {
    actor,
    action: "privacy.export_send",
    target: student.id,
    ip,
    details: { exportId },
  });
}

/**
 * GET /privacy/exports/:token: claims the download in one statement (a second request, even at
 * the same moment, finds `downloaded_at` set), so the file is handed out once. 404 for a token
 * nobody issued, 410 for a used or expired one.
 */
export async function claimDownload(db: Db, token: string, ip: string) {
  const hash = tokenHash(token);
  const [claimed] = await db
    .update(studentExports)
    .set({ downloadedAt: sql`now()` })
    .where(and(eq(studentExports.tokenHash, hash), ...unclaimed, isNotNull(studentExports.fileKey)))
    .returning({
      id: studentExports.id,
      studentId: studentExports.studentId,
      fileKey: studentExports.fileKey,
      bytes: studentExports.bytes,
    });
  // A built export always has its size: the job stores both at once.
  if (!claimed?.fileKey || claimed.bytes === null) {
    const [known] = await db
      .select({ id: studentExports.id })
      .from(studentExports)
      .where(eq(studentExports.tokenHash, hash));
    if (known) throw gone(exportMessages.linkGone);
    throw notFound();
  }
  // Nobody signed in is needed: whoever holds the link (a parent, say) is the visitor.
  await recordAudit(db, {
    actor: null,
    action: "privacy.export_download",
    target: claimed.studentId,
    ip,
    details: { exportId: claimed.id },
  });
  return { id: claimed.id, fileKey: claimed.fileKey, bytes: claimed.bytes };
}

/** Removes an export's files and forgets their key (after its download, or at its expiry). */
export async function removeExportFiles(db: Db, media: Storage, exportId: number) {
  for (const key of await media.list(exportPrefix(exportId))) await media.delete(key);
  await db.update(studentExports).set({ fileKey: null }).where(eq(studentExports.id, exportId));
}

/**
 * The hourly clean-up: files of exports past their expiry, or downloaded but still there (the
 * server stopped mid-download). Returns how many exports it emptied.
 */
export async function removeSpentExports(db: Db, media: Storage): Promise<number> {
  const spent = await db
    .select({ id: studentExports.id })
    .from(studentExports)
    .where(
      and(
        isNotNull(studentExports.fileKey),
        or(lte(studentExports.expiresAt, sql`now()`), isNotNull(studentExports.downloadedAt)),
      ),
    );
  for (const { id } of spent) await removeExportFiles(db, media, id);
  return spent.length;
}
