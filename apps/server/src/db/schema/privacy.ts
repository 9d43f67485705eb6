import {
  CONSENT_KINDS,
  CONSENT_METHODS,
  ERASED_SUBJECTS,
  EXPORT_STATUSES,
  VIEWER_KINDS,
} from "@refrain/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { cascadingRef, createdAt, nullingRef, timestamptz } from "./columns.ts";
import { users } from "./core.ts";
import { recordingShares, recordings } from "./fluency.ts";

/**
 * A consent to record one student's readings (issue 19, docs/decisions/0026): a parent's
 * permission or an admin's approval, with who recorded it, when it was given and how. Recording
 * needs one of each that is not withdrawn. A withdrawn record stays, so the history shows.
 * A scanned slip lives in the media store under "consent/<student_id>/".
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: serial("id").primaryKey(),
    studentId: cascadingRef("student_id", () => users.id),
    kind: text("kind", { enum: CONSENT_KINDS }).notNull(),
    method: text("method", { enum: CONSENT_METHODS }).notNull(),
    /** The day the parent signed or answered, or the policy took effect. */
    givenOn: date("given_on", { mode: "string" }).notNull(),
    note: text("note").notNull().default(""),
    documentKey: text("document_key"),
    documentType: text("document_type"),
    recordedBy: nullingRef("recorded_by", () => users.id),
    recordedAt: timestamptz("recorded_at").notNull().defaultNow(),
    withdrawnAt: timestamptz("withdrawn_at"),
    withdrawnBy: nullingRef("withdrawn_by", () => users.id),
    /**
     * The id the consent form made when it opened (issue 35 §6): the same form sent twice (a
     * double click, a retry) records each student once. Null in records made before it.
     */
    submission: uuid("submission"),
  },
  (t) => [
    index("consent_records_student_idx").on(t.studentId, t.kind),
    uniqueIndex("consent_records_submission_uq").on(t.studentId, t.submission),
  ],
);

/**
 * Every view of a recording (issue 19): by its teacher, an admin (or an admin acting as the
 * teacher: `viewer_id` is the admin, `on_behalf_of_id` the account acted as), staff, or a
 * family through a shared link (`share_id`, no viewer). Goes with the recording.
 */
export const recordingViews = pgTable(
  "recording_views",
  {
    id: serial("id").primaryKey(),
    recordingId: cascadingRef("recording_id", () => recordings.id),
    viewerKind: text("viewer_kind", { enum: VIEWER_KINDS }).notNull(),
    viewerId: nullingRef("viewer_id", () => users.id),
    onBehalfOfId: nullingRef("on_behalf_of_id", () => users.id),
    shareId: integer("share_id").references(() => recordingShares.id, { onDelete: "cascade" }),
    viewedAt: timestamptz("viewed_at").notNull().defaultNow(),
  },
  (t) => [index("recording_views_recording_idx").on(t.recordingId, t.viewedAt)],
);

/**
 * A per-student export (issue 19): a ZIP built by a job, downloaded once through a link whose
 * token's SHA-256 is kept, and gone at `expires_at`. Files under "exports/<id>/".
 */
export const studentExports = pgTable(
  "student_exports",
  {
    id: serial("id").primaryKey(),
    studentId: cascadingRef("student_id", () => users.id),
    requestedBy: nullingRef("requested_by", () => users.id),
    status: text("status", { enum: EXPORT_STATUSES }).notNull().default("queued"),
    /** 0–100, for the page's progress bar. */
    progress: smallint("progress").notNull().default(0),
    fileKey: text("file_key"),
    bytes: bigint("bytes", { mode: "number" }),
    tokenHash: text("token_hash"),
    failure: text("failure"),
    createdAt: createdAt(),
    finishedAt: timestamptz("finished_at"),
    expiresAt: timestamptz("expires_at"),
    downloadedAt: timestamptz("downloaded_at"),
  },
  (t) => [
    index("student_exports_student_idx").on(t.studentId),
    index("student_exports_expires_idx").on(t.expiresAt),
    uniqueIndex("student_exports_token_uq").on(t.tokenHash),
  ],
);

/**
 * What was erased, by id only (issue 19): a restore from a backup replays these rows (and the
 * copies written beside the media) so that nothing deleted comes back. `pending_keys` are the
 * media store prefixes still to remove; the erase job empties them and stamps `files_removed_at`.
 */
export const deletionLedger = pgTable(
  "deletion_ledger",
  {
    id: serial("id").primaryKey(),
    subject: text("subject", { enum: ERASED_SUBJECTS }).notNull(),
    subjectId: integer("subject_id").notNull(),
    pendingKeys: text("pending_keys").array().notNull().default(sql`'{}'::text[]`),
    deletedAt: timestamptz("deleted_at").notNull().defaultNow(),
    filesRemovedAt: timestamptz("files_removed_at"),
  },
  (t) => [
    index("deletion_ledger_pending_idx").on(t.deletedAt).where(sql`${t.filesRemovedAt} is null`),
  ],
);
