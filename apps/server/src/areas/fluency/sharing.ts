import { createHash, randomBytes } from "node:crypto";
import { Link } from "@react-email/components";
import {
  familiesMessages,
  fullName,
  gradingMessages,
  PARENT_LIST_LABELS,
  type RecordingStatus,
  retentionMessages,
  type shareBody,
} from "@refrain/domain";
import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { createElement as h } from "react";
import type { z } from "zod";
import type { Mailer } from "../../adapters/mail.ts";
import type { Config } from "../../config.ts";
import { studentsOf } from "../../core/access.ts";
import { recordAudit } from "../../core/audit.ts";
import type { Auth } from "../../core/context.ts";
import { dateText } from "../../core/date-text.ts";
import { gone, invalid, ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { lessons, recordingShares, recordings, users } from "../../db/schema/index.ts";
import { escapeHtml } from "../../html.ts";
import { paragraph } from "../../mail-layout.ts";
import {
  applyAddressChange,
  loadAddressees,
  type ParentAddressee,
  parentIntl,
  sendParentMail,
  skipReasonOf,
} from "../families/index.ts";
import { newestGradeOf, readingLabel } from "./grading.ts";
import { readyEstimates, readyIn } from "./readiness.ts";
import type { SharedMedia, SharedReading } from "./shared-page.ts";

/**
 * Sharing a graded reading with a family (grading spec §2 "Share with Parent modal", §4 Share):
 * a random link, kept only as its SHA-256, that opens one reading without signing in until it
 * expires (SHARE_LINK_DAYS) or the teacher revokes it. It goes only to the parent address on
 * the student's record; every share, revocation and view is audited.
 */

const DAY_MS = 86_400_000;
/** The same hash the demo world stores its shared link by (demo/grades.ts). */
const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

type Actor = Pick<Auth, "user" | "impersonator">;

/** A reading of the teacher's class with what sharing it needs; 404 when not theirs. */
async function shareableReading(db: Db, teacherId: number, id: number) {
  const [row] = await db
    .select({
      id: recordings.id,
      studentId: recordings.studentId,
      firstName: users.firstName,
      parentEmail: users.parentEmail,
      lessonTitle: lessons.title,
      gradedAt: recordings.gradedAt,
      coldId: recordings.coldId,
      hotId: recordings.hotId,
      mediaPurgedAt: recordings.mediaPurgedAt,
    })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.studentId))
    .innerJoin(lessons, eq(lessons.id, recordings.lessonId))
    .where(and(eq(recordings.id, id), studentsOf(teacherId)));
  return ownedOr404(row);
}

/** The readings whose grades a share shows: the reading, or a comparison's cold and hot reads. */
const gradedParts = (reading: { id: number; coldId: number | null; hotId: number | null }) =>
  reading.coldId !== null && reading.hotId !== null
    ? [
        { title: "Cold Read", id: reading.coldId },
        { title: "Hot Read", id: reading.hotId },
      ]
    : [{ title: "", id: reading.id }];

/**
 * A reading may be shared once graded; a comparison (never graded itself) once its cold and hot
 * reads both are, since the family's page shows their grades beside it.
 */
async function isGraded(
  db: Db,
  reading: { id: number; gradedAt: Date | null; coldId: number | null; hotId: number | null },
) {
  const parts = gradedParts(reading);
  if (parts.length === 1) return reading.gradedAt !== null;
  const graded = await db
    .select({ id: recordings.id })
    .from(recordings)
    .where(
      and(
        inArray(
          recordings.id,
          parts.map((part) => part.id),
        ),
        isNotNull(recordings.gradedAt),
      ),
    );
  return graded.length === parts.length;
}

/**
 * GET /teacher/recordings/{id}/share: the form filled in the teacher's name, in the language the
 * teacher set for this parent, since the words go to the parent as the teacher leaves them.
 */
export async function shareDraft(db: Db, config: Config, teacher: Actor["user"], id: number) {
  const reading = await shareableReading(db, teacher.id, id);
  const parent = (await loadAddressees(db, [reading.studentId])).get(reading.studentId);
  const intl = parentIntl(parent?.language ?? "en");
  const values = {
    name: reading.firstName,
    lesson: reading.lessonTitle,
    days: config.SHARE_LINK_DAYS,
  };
  const signed = fullName(teacher.firstName, teacher.lastName) || teacher.username;
  return {
    email: reading.parentEmail ?? "",
    subject: intl.formatMessage({ id: "shareMail.draft.subject" }, values),
    body: [
      intl.formatMessage({ id: "shareMail.draft.greeting" }),
      "",
      intl.formatMessage({ id: "shareMail.draft.intro" }, values),
      "",
      intl.formatMessage({ id: "shareMail.draft.link" }, values),
      "",
      intl.formatMessage({ id: "shareMail.draft.closing" }),
      signed,
    ].join("\n"),
  };
}

/**
 * Why this parent cannot be sent a reading, against the address field, or null. Shared by hand,
 * so the teacher's parent e-mails switch does not count (ParentMailRequest.byHand); the parent's
 * own unsubscribe and a refused address do.
 */
function shareRefusal(parent: ParentAddressee | undefined): string | null {
  if (!parent) return null;
  const reason = skipReasonOf(parent, "parent_emails", true);
  const day = (date: Date | null) => (date ? dateText(date) : "");
  if (reason === "unsubscribed")
    return familiesMessages.unsubscribed(
      PARENT_LIST_LABELS.parent_emails,
      day(parent.parentEmailsUnsubscribedAt),
    );
  if (reason === "bouncing") return familiesMessages.bouncing(day(parent.bouncingAt));
  return null;
}

/** The teacher's paragraphs as written (blank lines between, line breaks kept). */
const teacherParagraphs = (body: string) =>
  body
    .split(/\n{2,}/)
    .map((text) =>
      paragraph(
        text.split("\n").flatMap((line, i) => (i === 0 ? [line] : [h("br", { key: i }), line])),
      ),
    );

/**
 * POST /teacher/recordings/{id}/share: a graded reading (422 otherwise) is e-mailed to the
 * parent address on file, as parent mail (sendParentMail: the parent's language around the
 * teacher's words, the unsubscribe footer and headers); an address the teacher typed that
 * differs is saved to the student first (audited, with the address rules of Email Parents), so
 * a link never goes anywhere else. A parent who unsubscribed, or whose address is refused, is
 * sent nothing (422 against the address). The link itself is a secret of the mail.
 */
export async function shareReading(
  deps: { db: Db; mailer: Mailer; config: Config },
  actor: Actor,
  id: number,
  input: z.output<typeof shareBody>,
  ip: string,
) {
  const { db, config } = deps;
  const token = randomBytes(32).toString("base64url");
  const share = await db.transaction(async (tx) => {
    const reading = await shareableReading(tx, actor.user.id, id);
    if (!(await isGraded(tx, reading))) throw invalid({ id: [gradingMessages.notGraded] });
    // Retention removed the video: there is nothing left to show a family.
    if (reading.mediaPurgedAt) throw gone(retentionMessages.removed);
    if (reading.parentEmail?.toLowerCase() !== input.to.toLowerCase()) {
      await tx.update(users).set({ parentEmail: input.to }).where(eq(users.id, reading.studentId));
      await applyAddressChange(tx, reading.studentId, reading.parentEmail, input.to);
      await recordAudit(tx, {
        actor,
        action: "student.parent_email",
        target: reading.studentId,
        ip,
        details: { reason: "recording.share", recordingId: id },
      });
    }
    const refusal = shareRefusal(
      (await loadAddressees(tx, [reading.studentId])).get(reading.studentId),
    );
    if (refusal) throw invalid({ to: [refusal] });
    const [row] = await tx
      .insert(recordingShares)
      .values({
        recordingId: id,
        teacherId: actor.user.id,
        // The address on file, now the one typed.
        email: input.to,
        tokenHash: tokenHash(token),
        expiresAt: new Date(Date.now() + config.SHARE_LINK_DAYS * DAY_MS),
      })
      .returning({ id: recordingShares.id, expiresAt: recordingShares.expiresAt });
    const saved = ownedOr404(row);
    await recordAudit(tx, {
      actor,
      action: "recording.share",
      target: reading.studentId,
      ip,
      details: { recordingId: id, shareId: saved.id },
    });
    return { ...saved, studentId: reading.studentId };
  });
  const url = `${config.PUBLIC_URL}/shared/recordings/${token}`;
  await sendParentMail(deps, {
    student: share.studentId,
    list: "parent_emails",
    byHand: true,
    compose: (parent) => {
      const intl = parentIntl(parent.language);
      const date = dateText(share.expiresAt, intl.locale);
      return {
        subject: input.subject,
        content: h(
          "div",
          null,
          ...teacherParagraphs(input.body),
          paragraph(h(Link, { href: url }, intl.formatMessage({ id: "shareMail.watch" }))),
          paragraph(intl.formatMessage({ id: "shareMail.until" }, { date })),
        ),
        // Anyone holding the link sees a child's reading: staff reading the outbox must not.
        secrets: [url, escapeHtml(url)],
      };
    },
  });
}

/** GET /teacher/recordings/{id}/shares: the reading's links, newest first. */
export async function listShares(db: Db, teacherId: number, id: number) {
  await shareableReading(db, teacherId, id);
  const rows = await db
    .select()
    .from(recordingShares)
    .where(eq(recordingShares.recordingId, id))
    .orderBy(desc(recordingShares.createdAt), desc(recordingShares.id));
  return rows.map((s) => ({
    id: s.id,
    email: s.email,
    created_at: s.createdAt.toISOString(),
    expires_at: s.expiresAt.toISOString(),
    revoked_at: s.revokedAt?.toISOString() ?? null,
    views: s.views,
  }));
}

/** POST /teacher/recordings/{id}/shares/{shareId}/revoke: the link closes at once (audited). */
export async function revokeShare(db: Db, actor: Actor, id: number, shareId: number, ip: string) {
  await db.transaction(async (tx) => {
    const reading = await shareableReading(tx, actor.user.id, id);
    const [revoked] = await tx
      .update(recordingShares)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(recordingShares.id, shareId),
          eq(recordingShares.recordingId, id),
          isNull(recordingShares.revokedAt),
        ),
      )
      .returning({ id: recordingShares.id });
    if (!revoked) {
      // Revoking twice changes nothing; a link of another reading is not found.
      const [exists] = await tx
        .select({ id: recordingShares.id })
        .from(recordingShares)
        .where(and(eq(recordingShares.id, shareId), eq(recordingShares.recordingId, id)));
      ownedOr404(exists);
      return;
    }
    await recordAudit(tx, {
      actor,
      action: "recording.share_revoke",
      target: reading.studentId,
      ip,
      details: { recordingId: id, shareId },
    });
  });
}

export type OpenedShare =
  | { status: "missing" }
  | { status: "gone" }
  | {
      status: "open";
      shareId: number;
      studentId: number;
      reading: Omit<SharedReading, "grades">;
      recordingId: number;
      coldId: number | null;
      hotId: number | null;
      videoKey: string | null;
      /** Where the reading's processing is: its video plays only once `complete`. */
      mediaStatus: RecordingStatus;
    };

/** The share a token opens: missing (404) when unknown, gone (410) once expired or revoked. */
export async function openShare(db: Db, token: string): Promise<OpenedShare> {
  const [row] = await db
    .select({
      shareId: recordingShares.id,
      expiresAt: recordingShares.expiresAt,
      revokedAt: recordingShares.revokedAt,
      recordingId: recordings.id,
      studentId: recordings.studentId,
      coldId: recordings.coldId,
      hotId: recordings.hotId,
      classification: recordings.classification,
      createdAt: recordings.createdAt,
      videoKey: recordings.videoKey,
      videoType: recordings.videoType,
      mediaStatus: recordings.status,
      mediaPurgedAt: recordings.mediaPurgedAt,
      firstName: users.firstName,
      lessonTitle: lessons.title,
    })
    .from(recordingShares)
    .innerJoin(recordings, eq(recordings.id, recordingShares.recordingId))
    .innerJoin(users, eq(users.id, recordings.studentId))
    .innerJoin(lessons, eq(lessons.id, recordings.lessonId))
    .where(eq(recordingShares.tokenHash, tokenHash(token)));
  if (!row) return { status: "missing" };
  // A link closes when revoked, expired, or when retention removed the reading's video.
  if (row.revokedAt || row.mediaPurgedAt || row.expiresAt.getTime() <= Date.now())
    return { status: "gone" };
  return {
    status: "open",
    shareId: row.shareId,
    studentId: row.studentId,
    recordingId: row.recordingId,
    coldId: row.coldId,
    hotId: row.hotId,
    videoKey: row.videoKey,
    mediaStatus: row.mediaStatus,
    reading: {
      firstName: row.firstName,
      lessonTitle: row.lessonTitle,
      label: readingLabel(row.classification, row.createdAt),
      videoType: row.videoType,
      videoUrl: `/shared/recordings/${encodeURIComponent(token)}/video`,
    },
  };
}

/** How the shared reading's video stands: ready, failed, or when it should be ready. */
export async function sharedMedia(
  db: Db,
  opened: Extract<OpenedShare, { status: "open" }>,
): Promise<SharedMedia> {
  if (opened.mediaStatus === "complete") return "ready";
  if (opened.mediaStatus === "failed") return "failed";
  const estimates = await readyEstimates(db, [
    { id: opened.recordingId, status: opened.mediaStatus },
  ]);
  return { readyInSeconds: readyIn(estimates, opened.recordingId) ?? 0 };
}

/**
 * A view of an open share: counted and audited (the visitor is nobody's account), unless it is
 * the waiting page looking again by itself (`counted` false).
 */
export async function viewShare(
  db: Db,
  opened: Extract<OpenedShare, { status: "open" }>,
  ip: string,
  counted = true,
) {
  if (counted) await countView(db, opened, ip);
  const parts = gradedParts({ id: opened.recordingId, coldId: opened.coldId, hotId: opened.hotId });
  const grades = [];
  for (const part of parts)
    grades.push({ title: part.title, grade: await newestGradeOf(db, part.id) });
  return { ...opened.reading, grades };
}

async function countView(db: Db, opened: Extract<OpenedShare, { status: "open" }>, ip: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(recordingShares)
      .set({ views: sql`${recordingShares.views} + 1`, lastViewedAt: new Date() })
      .where(eq(recordingShares.id, opened.shareId));
    await recordAudit(tx, {
      actor: null,
      action: "recording.share_view",
      target: opened.studentId,
      ip,
      details: { recordingId: opened.recordingId, shareId: opened.shareId },
    });
  });
}
