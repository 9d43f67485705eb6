import {
  BENCHMARK_PLAN_ID,
  type Classification,
  fluencyMessages,
  RECORDING_TYPES,
  type RecordedClassification,
  type RecordingRow,
  type RecordingStatus,
  recordingOptions,
  resolveFluencyRecording,
  retentionMessages,
  type StudentLessonRecordings,
  TRANSCODE_STATUS_TEXT,
} from "@refrain/domain";
import { and, desc, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { Storage } from "../../adapters/storage.ts";
import { requireStudentOf, studentsInReachOf, studentsOf } from "../../core/access.ts";
import { recordAudit } from "../../core/audit.ts";
import { consentOnFile } from "../../core/consent-on-file.ts";
import type { AuthUser } from "../../core/context.ts";
import { conflict, gone, invalid, notFound, ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { hot } from "../../db/prepared.ts";
import { assignments, lessons, recordings, users } from "../../db/schema/index.ts";
import { loadClassSettings } from "../account/index.ts";
import { lessonForStudent, progressOfOne, tri } from "../learning/index.ts";
import { windowBeganFor } from "../screening/index.ts";
import { type ReadyEstimates, readyEstimates, readyIn } from "./readiness.ts";

/** Where a recording's files live in media storage. */
export const recordingFolder = (id: number) => `recordings/${id}`;

export const rowColumns = {
  id: recordings.id,
  studentId: recordings.studentId,
  firstName: users.firstName,
  lastName: users.lastName,
  lessonId: recordings.lessonId,
  lessonTitle: lessons.title,
  createdAt: recordings.createdAt,
  classification: recordings.classification,
  lyricsOnly: recordings.lyricsOnly,
  status: recordings.status,
  gradedAt: recordings.gradedAt,
  durationSeconds: recordings.durationSeconds,
  mediaPurgedAt: recordings.mediaPurgedAt,
};
type StoredRow = {
  id: number;
  classification: Classification;
  status: RecordingStatus;
  createdAt: Date;
  durationSeconds: number | null;
  mediaPurgedAt?: Date | null;
};

/**
 * The URLs of a processed recording's files; none until processing completed, nor once
 * retention removed them (privacy/retention.ts).
 */
export function mediaUrls(row: Pick<StoredRow, "id" | "status" | "mediaPurgedAt">) {
  const done = row.status === "complete" && !row.mediaPurgedAt;
  return {
    video_url: done ? `/media/recordings/${row.id}/video` : null,
    thumbnail_url: done ? `/media/recordings/${row.id}/thumbnail` : null,
  };
}

const described = (row: StoredRow) => ({
  id: row.id,
  classification: row.classification,
  type: RECORDING_TYPES[row.classification],
  status: row.status,
  transcode_status: TRANSCODE_STATUS_TEXT[row.status],
  created_at: row.createdAt.toISOString(),
  ...mediaUrls(row),
});

/** A row of the teacher's lists; `estimates` from `readyEstimates` of the rows shown. */
export function presentRow(
  estimates: ReadyEstimates,
  row: StoredRow & {
    studentId: number;
    firstName: string;
    lastName: string;
    lessonId: number;
    lessonTitle: string;
    lyricsOnly: boolean;
    gradedAt: Date | null;
  },
): RecordingRow {
  return {
    ...described(row),
    ready_in_seconds: readyIn(estimates, row.id),
    student_id: row.studentId,
    firstname: row.firstName,
    lastname: row.lastName,
    lesson_id: row.lessonId,
    lesson_title: row.lessonTitle,
    lyrics_only: row.lyricsOnly,
    graded_at: row.gradedAt?.toISOString() ?? null,
    duration: row.durationSeconds,
  };
}

/**
 * Whether the student records at all, and sound only: their settings over the class's, and
 * their own consent records (issue 19). The upload's creation asks it too (requireRecordable).
 */
export async function recordingSettingsOf(db: Db, studentId: number) {
  const [student] = await db
    .select({
      teacherId: users.teacherId,
      enable: users.enableFluencyRecording,
      lyricsOnly: users.fluencyRecordingLyricsOnly,
    })
    .from(users)
    .where(and(eq(users.id, studentId), eq(users.role, "student")));
  const own = ownedOr404(student);
  const settings = await loadClassSettings(db, own.teacherId ?? 0);
  const resolved = resolveFluencyRecording(
    {
      enable_fluency_recording: tri(own.enable),
      fluency_recording_lyrics_only: tri(own.lyricsOnly),
    },
    settings,
    await consentOnFile(db, studentId),
  );
  return { ...resolved, teacherId: own.teacherId };
}

const ownRecordings = hot("fluency_own_recordings", (db) =>
  db
    .select({
      id: recordings.id,
      classification: recordings.classification,
      status: recordings.status,
      createdAt: recordings.createdAt,
      durationSeconds: recordings.durationSeconds,
      mediaPurgedAt: recordings.mediaPurgedAt,
    })
    .from(recordings)
    .where(
      and(
        eq(recordings.studentId, sql.placeholder("studentId")),
        eq(recordings.lessonId, sql.placeholder("lessonId")),
      ),
    )
    .orderBy(desc(recordings.createdAt), desc(recordings.id)),
);

/**
 * The player's view of a lesson's readings: 404 for a lesson the student may not open (not of
 * their level and not assigned), as every learning call answers.
 */
export async function studentLesson(
  db: Db,
  studentId: number,
  lessonId: number,
): Promise<StudentLessonRecordings> {
  const lesson = await lessonForStudent(db, studentId, lessonId);
  const { allowed, lyricsOnly, teacherId } = await recordingSettingsOf(db, studentId);
  const [assigned] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(
      and(
        eq(assignments.studentId, studentId),
        eq(assignments.lessonId, lesson.id),
        eq(assignments.assignedBy, "teacher"),
      ),
    );
  const progress = await progressOfOne(db, studentId, lesson.id);
  const own = await ownRecordings(db).execute({ studentId, lessonId: lesson.id });
  // A benchmark passage is read once a window (issue 39): a reading of an earlier window leaves
  // it to read again.
  const since =
    lesson.planId === BENCHMARK_PLAN_ID && teacherId !== null
      ? await windowBeganFor(db, teacherId)
      : null;
  const options = recordingOptions({
    allowed,
    lessonPlanId: lesson.planId,
    assignedByTeacher: Boolean(assigned),
    readAlongs: progress.readAlongs,
    sent: own
      .filter((r) => r.status !== "failed" && (since === null || r.createdAt >= since))
      .map((r) => r.classification),
  });
  return { allowed, lyricsOnly, options, recordings: own.map(described) };
}

/** The reading must be one the student may record now (else 422); lyrics-only resolved. */
export async function requireRecordable(
  db: Db,
  studentId: number,
  lessonId: number,
  classification: RecordedClassification,
) {
  const view = await studentLesson(db, studentId, lessonId);
  if (view.options[classification] !== "available")
    throw invalid({ classification: [fluencyMessages.notAllowed] });
  return { lyricsOnly: view.lyricsOnly };
}

/**
 * Condition on `recordings`: a new reading (the New Fluency Videos tab): not graded yet, complete
 * or still being processed; a comparison is never graded, and a failed one waits for Retry.
 */
export const newReading = and(
  isNull(recordings.gradedAt),
  ne(recordings.classification, "stitched"),
  ne(recordings.status, "failed"),
);

const classRecordings = hot("fluency_class_recordings", (db) =>
  db
    .select(rowColumns)
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.studentId))
    .innerJoin(lessons, eq(lessons.id, recordings.lessonId))
    .where(
      and(
        studentsOf(sql.placeholder("teacherId")),
        sql`(${sql.placeholder("studentId")}::int is null or ${recordings.studentId} = ${sql.placeholder("studentId")}::int)`,
        sql`(not ${sql.placeholder("onlyNew")}::boolean or ${newReading})`,
      ),
    )
    .orderBy(desc(recordings.createdAt), desc(recordings.id)),
);

/**
 * Grading spec §7 `GET /teacher/recordings/all`: the class's recordings, newest first; `new`
 * keeps the new readings only.
 */
export async function classRecordingList(
  db: Db,
  teacherId: number,
  query: { student_id?: number; type: "new" | "all" },
) {
  const studentId = query.student_id;
  // A student of another class is not found, as everywhere else.
  if (studentId !== undefined) await requireStudentOf(db, teacherId, studentId);
  const rows = await classRecordings(db).execute({
    teacherId,
    studentId: studentId ?? null,
    onlyNew: query.type === "new",
  });
  const estimates = await readyEstimates(db, rows);
  return rows.map((row) => presentRow(estimates, row));
}

/** One recording of the teacher's class, as its row; 404 when not theirs. */
export async function classRecording(db: Db, teacherId: number, id: number) {
  const [row] = await db
    .select(rowColumns)
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.studentId))
    .innerJoin(lessons, eq(lessons.id, recordings.lessonId))
    .where(and(eq(recordings.id, id), studentsOf(teacherId)));
  const found = ownedOr404(row);
  return presentRow(await readyEstimates(db, [found]), found);
}

/**
 * A recording's files for whoever may watch it: the student, and whoever reaches the student
 * (access.ts `studentsInReachOf`: their teacher, the school's admin, the district's admin);
 * anyone else finds nothing (404). Media removed by retention is gone (410), its grades kept.
 */
export async function viewableMedia(db: Db, viewer: AuthUser, id: number) {
  const mine = viewer.role === "student" ? eq(users.id, viewer.id) : studentsInReachOf(viewer);
  const [row] = await db
    .select({
      status: recordings.status,
      videoKey: recordings.videoKey,
      videoType: recordings.videoType,
      thumbnailKey: recordings.thumbnailKey,
      mediaPurgedAt: recordings.mediaPurgedAt,
    })
    .from(recordings)
    .innerJoin(users, and(eq(users.id, recordings.studentId), eq(users.role, "student")))
    .where(and(eq(recordings.id, id), mine));
  const found = ownedOr404(row);
  if (found.mediaPurgedAt) throw gone(retentionMessages.removed);
  if (found.status !== "complete") throw notFound();
  return found;
}

/** Removes a recording's files (the upload, the processed video and picture). */
export async function deleteRecordingFiles(media: Storage, id: number) {
  for (const key of await media.list(recordingFolder(id))) await media.delete(key);
}

/**
 * Grading spec §7: the teacher deletes an ungraded cold or hot read, with any comparison made
 * from it (the foreign keys cascade) and every file of both. Screening re-opens a benchmark
 * passage for one student the same way (issue 39): `kinds` names the readings a caller may
 * delete.
 */
export async function removeRecording(
  db: Db,
  media: Storage,
  actor: { user: AuthUser; impersonator: AuthUser | null },
  id: number,
  ip: string,
  kinds: readonly Classification[] = ["cold_read", "hot_read"],
) {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        classification: recordings.classification,
        gradedAt: recordings.gradedAt,
        studentId: recordings.studentId,
      })
      .from(recordings)
      .innerJoin(users, eq(users.id, recordings.studentId))
      .where(and(eq(recordings.id, id), studentsOf(actor.user.id)));
    const found = ownedOr404(row);
    if (!kinds.includes(found.classification)) throw conflict(fluencyMessages.notDeletable);
    if (found.gradedAt) throw conflict(fluencyMessages.graded);
    const comparisons = await tx
      .select({ id: recordings.id })
      .from(recordings)
      .where(or(eq(recordings.coldId, id), eq(recordings.hotId, id)));
    await tx.delete(recordings).where(eq(recordings.id, id));
    await recordAudit(tx, {
      actor,
      action: "recording.delete",
      target: found.studentId,
      ip,
      details: { recordingId: id, classification: found.classification },
    });
    return [id, ...comparisons.map((c) => c.id)];
  });
  // After the rows: a file left by a crash here is unreachable, never a row without its file.
  for (const removedId of removed) await deleteRecordingFiles(media, removedId);
}

/** A failed recording of the teacher's class goes back to the queue; else 409 notFailed. */
export async function requeueFailed(db: Db, teacherId: number, id: number) {
  const inClass = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, recordings.studentId), studentsOf(teacherId)));
  const [updated] = await db
    .update(recordings)
    .set({ status: "queued", failure: null })
    .where(and(eq(recordings.id, id), eq(recordings.status, "failed"), sql`exists (${inClass})`))
    .returning({ id: recordings.id });
  if (!updated) {
    // Tell "not yours" (404) from "not failed" (409) only to the teacher whose it is.
    await classRecording(db, teacherId, id);
    throw conflict(fluencyMessages.notFailed);
  }
  return updated.id;
}
