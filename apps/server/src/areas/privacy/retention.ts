import {
  type DistrictRetention,
  type DistrictRetentionInput,
  describeRetention,
  type ProductRetention,
  type RecordingRetention,
  recordingKeptUntil,
} from "@refrain/domain";
import { and, asc, desc, eq, gt, isNull, notInArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { deleteOldOutboxMessages } from "../../adapters/mail.ts";
import type { Config } from "../../config.ts";
import { studentsOf } from "../../core/access.ts";
import { recordAudit } from "../../core/audit.ts";
import type { Auth } from "../../core/context.ts";
import { ownedOr404 } from "../../core/errors.ts";
import type { Log } from "../../core/jobs.ts";
import type { Db } from "../../db/client.ts";
import { districts, lessons, recordings, schools, users } from "../../db/schema/index.ts";
import { loggableError } from "../../plugins/error-log.ts";
import { recordingFolder } from "../fluency/index.ts";
import { type ErasureStores, removeErasedFiles, writeLedger } from "./erase.ts";

/**
 * Recording retention (issue 19, docs/decisions/0026): the product's rule from the config, a
 * district's shorter one, and the daily "privacy-retention" job that removes the media of
 * recordings past their date. The rows, their grades and their view log stay, so reports keep
 * their numbers; the recording says when its media went.
 */

export type RetentionConfig = Pick<
  Config,
  "RECORDING_RETENTION" | "RECORDING_RETENTION_GRACE_DAYS"
>;
export interface RetentionDeps {
  db: Db;
  config: RetentionConfig;
}

export const productRetention = (config: RetentionConfig): ProductRetention => ({
  days: config.RECORDING_RETENTION,
  graceDays: config.RECORDING_RETENTION_GRACE_DAYS,
});

const teacher = alias(users, "retention_teacher");
const student = alias(users, "retention_student");

/**
 * When a reading counts as graded for a 0-day rule: its own grading, or for a comparison
 * (never graded itself, but showing both readings) the later of its two parts' once both are.
 */
const gradedForRetention = sql`case when ${recordings.classification} = 'stitched' then (
    select case when count(*) = 2 and bool_and(part.graded_at is not null) then max(part.graded_at) end
    from recordings part where part.id in (${recordings.coldId}, ${recordings.hotId})
  ) else ${recordings.gradedAt} end`.mapWith(recordings.gradedAt);

const retentionColumns = {
  id: recordings.id,
  classification: recordings.classification,
  lessonTitle: lessons.title,
  createdAt: recordings.createdAt,
  gradedAt: gradedForRetention,
  mediaPurgedAt: recordings.mediaPurgedAt,
  districtDays: districts.recordingRetentionDays,
};

/** Recordings with what their kept-until date depends on: the student's teacher's district. */
const retentionBase = (db: Db) =>
  db
    .select(retentionColumns)
    .from(recordings)
    .innerJoin(lessons, eq(lessons.id, recordings.lessonId))
    .innerJoin(student, eq(student.id, recordings.studentId))
    .leftJoin(teacher, eq(teacher.id, student.teacherId))
    .leftJoin(schools, eq(schools.id, teacher.schoolId))
    .leftJoin(districts, eq(districts.id, schools.districtId));

/** The recordings `where` picks, newest first. */
export const retentionRows = (db: Db, where: SQL | undefined) =>
  retentionBase(db).where(where).orderBy(desc(recordings.createdAt), desc(recordings.id));
type RetentionRow = Awaited<ReturnType<typeof retentionRows>>[number];

export function keptUntilOf(
  config: RetentionConfig,
  row: Pick<RetentionRow, "createdAt" | "gradedAt" | "mediaPurgedAt" | "districtDays">,
) {
  const kept = recordingKeptUntil(row, productRetention(config), row.districtDays);
  return {
    keptUntil: kept.until.toISOString(),
    untilGraded: kept.untilGraded,
    purgedAt: row.mediaPurgedAt?.toISOString() ?? null,
  };
}

/** How long each recording of the teacher's class is kept, for Recorded Videos and grading. */
export async function classRetention(
  deps: RetentionDeps,
  teacherId: number,
): Promise<RecordingRetention[]> {
  const inClass = deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, recordings.studentId), studentsOf(teacherId)));
  const rows = await retentionRows(deps.db, sql`exists (${inClass})`);
  return rows.map((row) => ({ id: row.id, ...keptUntilOf(deps.config, row) }));
}

/** The district admin's own district, else 404 (as the district's other settings). */
async function ownDistrict(db: Db, callerDistrictId: number | null, districtId: number) {
  const [row] =
    callerDistrictId === districtId
      ? await db
          .select({ days: districts.recordingRetentionDays })
          .from(districts)
          .where(eq(districts.id, districtId))
      : [];
  return ownedOr404(row);
}

export async function districtRetention(
  deps: RetentionDeps,
  callerDistrictId: number | null,
  districtId: number,
): Promise<DistrictRetention> {
  const { days } = await ownDistrict(deps.db, callerDistrictId, districtId);
  return { days, productDefault: describeRetention(productRetention(deps.config)) };
}

/** A district admin shortens (or restores) their district's retention; audited. */
export async function saveDistrictRetention(
  deps: RetentionDeps,
  actor: Pick<Auth, "user" | "impersonator">,
  districtId: number,
  input: DistrictRetentionInput,
  ip: string,
): Promise<DistrictRetention> {
  await deps.db.transaction(async (tx) => {
    const before = await ownDistrict(tx, actor.user.districtId, districtId);
    await tx
      .update(districts)
      .set({ recordingRetentionDays: input.days })
      .where(eq(districts.id, districtId));
    await recordAudit(tx, {
      actor,
      action: "district.recording_retention",
      target: null,
      ip,
      details: { districtId, from: before.days, to: input.days },
    });
  });
  return districtRetention(deps, actor.user.districtId, districtId);
}

export interface RetentionJobDeps extends RetentionDeps {
  config: RetentionConfig & Pick<Config, "OUTBOX_RETENTION_DAYS">;
  /** The media store and DATA_DIR/files (the outbox's attachments), as an erasure names them. */
  stores: ErasureStores;
  log: Log;
}

const PAGE = 500;
const DAY_MS = 86_400_000;

/**
 * Removes a recording's media for retention: the row keeps its grades and says when. The files
 * go as an erasure's do (erase.ts): a ledger row, its copy beside the media for a restore to
 * replay, and, if a file will not go now, the erasure's hourly sweep trying again.
 */
async function purgeMedia(deps: RetentionJobDeps, id: number, now: Date) {
  const ledger = await deps.db.transaction(async (tx) => {
    const [purged] = await tx
      .update(recordings)
      .set({ sourceKey: null, videoKey: null, thumbnailKey: null, mediaPurgedAt: now })
      .where(and(eq(recordings.id, id), isNull(recordings.mediaPurgedAt)))
      .returning({ id: recordings.id });
    if (!purged) return null;
    const [row] = await writeLedger(tx, [
      { subject: "recording_media", subjectId: id, keys: [`media:${recordingFolder(id)}/`] },
    ]);
    return row ?? null;
  });
  if (ledger === null) return false;
  await removeErasedFiles({ db: deps.db, stores: deps.stores }, ledger.id).catch((error: unknown) =>
    deps.log.warn(
      { error: loggableError(error), ledgerId: ledger.id },
      "a recording's media will be removed by the next sweep",
    ),
  );
  return true;
}

/**
 * The daily "privacy-retention" job (jobs/index.ts), at `now`: every recording past its
 * kept-until date (not while it is being processed), then outbox messages older than
 * OUTBOX_RETENTION_DAYS. Media a run could not remove are the erasure's hourly sweep's.
 */
export async function runRetention(deps: RetentionJobDeps, now: Date) {
  let purged = 0;
  let after = 0;
  for (;;) {
    // Pages by id, so a purge (which changes nothing the query pages on) never skips a row.
    const page = await retentionBase(deps.db)
      .where(
        and(
          gt(recordings.id, after),
          isNull(recordings.mediaPurgedAt),
          notInArray(recordings.status, ["queued", "processing"]),
        ),
      )
      .orderBy(asc(recordings.id))
      .limit(PAGE);
    for (const row of page) {
      const { keptUntil } = keptUntilOf(deps.config, row);
      if (new Date(keptUntil).getTime() <= now.getTime() && (await purgeMedia(deps, row.id, now)))
        purged += 1;
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    after = last.id;
  }

  const outboxBefore = new Date(now.getTime() - deps.config.OUTBOX_RETENTION_DAYS * DAY_MS);
  const outbox = await deleteOldOutboxMessages(deps.db, deps.stores.files, outboxBefore);
  if (purged > 0 || outbox > 0)
    deps.log.info(
      { recordings: purged, outbox },
      "retention removed recordings' media and old mail",
    );
  return { recordings: purged, outbox };
}
