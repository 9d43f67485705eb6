import { createHash, randomBytes } from "node:crypto";
import { fullName, gradingMessages, type shareBody } from "@refrain/domain";
import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { studentsOf } from "../../access.ts";
import type { Mailer } from "../../adapters/mail.ts";
import { recordAudit } from "../../audit.ts";
import type { Config } from "../../config.ts";
import type { Auth } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { lessons, recordingShares, recordings, users } from "../../db/schema/index.ts";
import { invalid, ownedOr404 } from "../../errors.ts";
import { escapeHtml } from "../../html.ts";
import { newestGradeOf, readingLabel } from "./grading.ts";
import type { SharedReading } from "./shared-page.ts";

/**
 * Sharing a graded reading with a family (grading spec §2 "Share with Parent modal", §4 Share):
 * a random link, kept only as its SHA-256, that opens one reading without signing in until it
 * expires (SHARE_LINK_DAYS) or the teacher revokes it. It goes only to the parent address on
 * the student's record; every share, revocation and view is audited.
 */

const DAY_MS = 86_400_000;
/** The same hash the demo world stores its shared link by (db/demo-world/grades.ts). */
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

/** GET /teacher/recordings/{id}/share: the form filled in the teacher's name. */
export async function shareDraft(db: Db, config: Config, teacher: Actor["user"], id: number) {
  const reading = await shareableReading(db, teacher.id, id);
  const signed = fullName(teacher.firstName, teacher.lastName) || teacher.username;
  return {
    email: reading.parentEmail ?? "",
    subject: `${reading.firstName}'s reading of ${reading.lessonTitle}`,
    body: [
      "Hello,",
      "",
      `${reading.firstName} recorded a reading of "${reading.lessonTitle}" in class, and I have watched and graded it. I thought you would enjoy hearing it too.`,
      "",
      `A link to watch it, with my notes, is added below this message when it is sent. It works for ${config.SHARE_LINK_DAYS} days; no sign-in is needed.`,
      "",
      "Best wishes,",
      signed,
    ].join("\n"),
  };
}

/**
 * POST /teacher/recordings/{id}/share: a graded reading (422 otherwise) is e-mailed to the
 * parent address on file; an address the teacher typed that differs is saved to the student
 * first (audited), so a link never goes anywhere else. The link itself is a secret of the mail.
 */
export async function shareReading(
  deps: { db: Db; mailer: Mailer; config: Config },
  actor: Actor,
  id: number,
  input: z.output<typeof shareBody>,
  ip: string,
) {
  const { db, mailer, config } = deps;
  const token = randomBytes(32).toString("base64url");
  const share = await db.transaction(async (tx) => {
    const reading = await shareableReading(tx, actor.user.id, id);
    if (!(await isGraded(tx, reading))) throw invalid({ id: [gradingMessages.notGraded] });
    if (reading.parentEmail?.toLowerCase() !== input.to.toLowerCase()) {
      await tx.update(users).set({ parentEmail: input.to }).where(eq(users.id, reading.studentId));
      await recordAudit(tx, {
        actor,
        action: "student.parent_email",
        target: reading.studentId,
        ip,
        details: { reason: "recording.share", recordingId: id },
      });
    }
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
    return saved;
  });
  const url = `${config.PUBLIC_URL}/shared/recordings/${token}`;
  const until = share.expiresAt.toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  const paragraphs = input.body.split(/\n{2,}/);
  await mailer.send({
    to: input.to,
    subject: input.subject,
    text: [input.body, "", `Watch the reading (the link works until ${until}):`, url].join("\n"),
    html: [
      ...paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll("\n", "<br>")}</p>`),
      `<p><a href="${escapeHtml(url)}">Watch the reading</a> (the link works until ${until}).</p>`,
    ].join("\n"),
    // Anyone holding the link sees a child's reading: staff reading the outbox must not.
    secrets: [url, escapeHtml(url)],
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
      firstName: users.firstName,
      lessonTitle: lessons.title,
    })
    .from(recordingShares)
    .innerJoin(recordings, eq(recordings.id, recordingShares.recordingId))
    .innerJoin(users, eq(users.id, recordings.studentId))
    .innerJoin(lessons, eq(lessons.id, recordings.lessonId))
    .where(eq(recordingShares.tokenHash, tokenHash(token)));
  if (!row) return { status: "missing" };
  if (row.revokedAt || row.expiresAt.getTime() <= Date.now()) return { status: "gone" };
  return {
    status: "open",
    shareId: row.shareId,
    studentId: row.studentId,
    recordingId: row.recordingId,
    coldId: row.coldId,
    hotId: row.hotId,
    videoKey: row.videoKey,
    reading: {
      firstName: row.firstName,
      lessonTitle: row.lessonTitle,
      label: readingLabel(row.classification, row.createdAt),
      videoType: row.videoType,
      videoUrl: `/shared/recordings/${encodeURIComponent(token)}/video`,
    },
  };
}

/** A view of an open share: counted and audited (the visitor is nobody's account). */
export async function viewShare(
  db: Db,
  opened: Extract<OpenedShare, { status: "open" }>,
  ip: string,
) {
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
  const parts = gradedParts({ id: opened.recordingId, coldId: opened.coldId, hotId: opened.hotId });
  const grades = [];
  for (const part of parts)
    grades.push({ title: part.title, grade: await newestGradeOf(db, part.id) });
  return { ...opened.reading, grades };
}
