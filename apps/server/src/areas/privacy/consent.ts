import {
  type ConsentKind,
  type ConsentOverviewStudent,
  type ConsentRecordView,
  consentComplete,
  consentMessages,
  fullName,
  type RecordConsentRequest,
  SLIP_TYPES,
  sniffSlip,
} from "@refrain/domain";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Storage } from "../../adapters/storage.ts";
import { classOrder, studentsOf } from "../../core/access.ts";
import { recordAudit } from "../../core/audit.ts";
import { consentOnFile, notWithdrawn } from "../../core/consent-on-file.ts";
import type { Auth, AuthUser } from "../../core/context.ts";
import { conflict, notFound, ownedOr404 } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { consentRecords, recordings, users } from "../../db/schema/index.ts";
import { namedPerson } from "../auth/index.ts";
import { recordingFolder } from "../fluency/index.ts";
import { afterErasure, type ErasureDeps, writeLedger } from "./erase.ts";
import { ownsClassOf, studentInReach } from "./scope.ts";

const recorder = alias(users, "recorder");
const withdrawer = alias(users, "withdrawer");

/** Where a slip scan of one student's record is kept in the media store. */
export const slipKey = (studentId: number, recordId: number, ext: string) =>
  `consent/${studentId}/${recordId}.${ext}`;

const nameOf = (first: string | null, last: string | null, username: string | null) =>
  username === null ? null : fullName(first ?? "", last ?? "") || username;

/** The class owner's students, each with the latest consent of each kind in force. */
export async function consentOverview(
  db: Db,
  teacherId: number,
): Promise<ConsentOverviewStudent[]> {
  const students = await db
    .select(namedPerson)
    .from(users)
    .where(studentsOf(teacherId))
    .orderBy(...classOrder);
  if (students.length === 0) return [];
  const active = await db
    .select({
      id: consentRecords.id,
      studentId: consentRecords.studentId,
      kind: consentRecords.kind,
      method: consentRecords.method,
      givenOn: consentRecords.givenOn,
    })
    .from(consentRecords)
    .where(
      and(
        inArray(
          consentRecords.studentId,
          students.map((s) => s.id),
        ),
        notWithdrawn,
      ),
    )
    .orderBy(asc(consentRecords.recordedAt), asc(consentRecords.id));
  // Later rows overwrite earlier ones: the latest record of each kind is the one shown.
  const latest = new Map(active.map((r) => [`${r.studentId}|${r.kind}`, r]));
  const of = (studentId: number, kind: ConsentKind) => {
    const row = latest.get(`${studentId}|${kind}`);
    return row ? { id: row.id, method: row.method, givenOn: row.givenOn } : null;
  };
  return students.map((s) => ({
    ...s,
    parent_permission: of(s.id, "parent_permission"),
    admin_approval: of(s.id, "admin_approval"),
  }));
}

const countRecordings = async (db: Db, studentId: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(recordings)
    .where(eq(recordings.studentId, studentId));
  return row?.n ?? 0;
};

/** A student's records, withdrawn ones too, newest first, for whoever reaches the student. */
export async function studentConsent(db: Db, caller: AuthUser, studentId: number) {
  const student = await studentInReach(db, caller, studentId);
  const rows = await db
    .select({
      id: consentRecords.id,
      kind: consentRecords.kind,
      method: consentRecords.method,
      givenOn: consentRecords.givenOn,
      note: consentRecords.note,
      documentKey: consentRecords.documentKey,
      recordedAt: consentRecords.recordedAt,
      withdrawnAt: consentRecords.withdrawnAt,
      recorderFirst: recorder.firstName,
      recorderLast: recorder.lastName,
      recorderUsername: recorder.username,
      withdrawerFirst: withdrawer.firstName,
      withdrawerLast: withdrawer.lastName,
      withdrawerUsername: withdrawer.username,
    })
    .from(consentRecords)
    .leftJoin(recorder, eq(recorder.id, consentRecords.recordedBy))
    .leftJoin(withdrawer, eq(withdrawer.id, consentRecords.withdrawnBy))
    .where(eq(consentRecords.studentId, student.id))
    .orderBy(desc(consentRecords.recordedAt), desc(consentRecords.id));
  const records: ConsentRecordView[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    method: r.method,
    givenOn: r.givenOn,
    note: r.note,
    hasSlip: r.documentKey !== null,
    recordedAt: r.recordedAt.toISOString(),
    recordedBy: nameOf(r.recorderFirst, r.recorderLast, r.recorderUsername),
    withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
    withdrawnBy: r.withdrawnAt
      ? nameOf(r.withdrawerFirst, r.withdrawerLast, r.withdrawerUsername)
      : null,
  }));
  return {
    records,
    complete: consentComplete(await consentOnFile(db, student.id)),
    recordings: await countRecordings(db, student.id),
    canChange: ownsClassOf(caller, student),
  };
}

/**
 * Records one kind of consent for several of the caller's students at once. Any student not
 * theirs (or named twice over nobody) makes it 404 with nothing written. A slip scan is stored
 * once per student, so each student's record (and its erasure) stands on its own. The same
 * submission sent again (a double click, a retry) answers the records it made.
 */
export async function recordConsent(
  db: Db,
  media: Storage,
  auth: Auth,
  input: Required<Omit<RecordConsentRequest, "slip">> & { slip?: string },
  ip: string,
): Promise<number[]> {
  const ids = [...new Set(input.studentIds)];
  const slip = input.slip ? Buffer.from(input.slip, "base64") : null;
  // The schema checked the first bytes already; this names the extension the file is kept by.
  const ext = slip ? sniffSlip(slip.subarray(0, 16)) : null;
  const stored: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      const mine = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), studentsOf(auth.user.id)));
      if (mine.length !== ids.length) throw notFound();
      const rows = await tx
        .insert(consentRecords)
        .values(
          ids.map((studentId) => ({
            studentId,
            kind: input.kind,
            method: input.method,
            givenOn: input.givenOn,
            note: input.note,
            recordedBy: auth.user.id,
            submission: input.submission,
          })),
        )
        // The unique index decides, not a look beforehand: two sends racing would both find none.
        .onConflictDoNothing({ target: [consentRecords.studentId, consentRecords.submission] })
        .returning({ id: consentRecords.id, studentId: consentRecords.studentId });
      // Only the records made now: those an earlier send made have their slip and audit entry.
      for (const row of rows) {
        if (slip && ext) {
          const key = slipKey(row.studentId, row.id, ext);
          await media.put(key, slip);
          stored.push(key);
          await tx
            .update(consentRecords)
            .set({ documentKey: key, documentType: SLIP_TYPES[ext] })
            .where(eq(consentRecords.id, row.id));
        }
        await recordAudit(tx, {
          actor: auth,
          target: row.studentId,
          action: "consent.record",
          ip,
          details: { recordId: row.id, kind: input.kind, method: input.method, slip: !!slip },
        });
      }
      // This send's records and any an earlier send of the form made.
      const made = await tx
        .select({ id: consentRecords.id })
        .from(consentRecords)
        .where(
          and(
            inArray(consentRecords.studentId, ids),
            eq(consentRecords.submission, input.submission),
          ),
        )
        .orderBy(asc(consentRecords.id));
      return made.map((r) => r.id);
    });
  } catch (error) {
    // Nothing was recorded: no scan may stay behind without its row.
    for (const key of stored) await media.delete(key);
    throw error;
  }
}

/** A record with its student, when the caller reaches the student; 404 otherwise. */
async function recordInReach(db: Db, caller: AuthUser, recordId: number) {
  const [row] = await db
    .select({
      id: consentRecords.id,
      studentId: consentRecords.studentId,
      kind: consentRecords.kind,
      withdrawnAt: consentRecords.withdrawnAt,
      documentKey: consentRecords.documentKey,
      documentType: consentRecords.documentType,
    })
    .from(consentRecords)
    .where(eq(consentRecords.id, recordId));
  const record = ownedOr404(row);
  const student = await studentInReach(db, caller, record.studentId);
  return { record, student };
}

/** A record's slip scan, for whoever reaches the student; 404 when it has none. */
export async function slipOf(db: Db, media: Storage, caller: AuthUser, recordId: number) {
  const { record } = await recordInReach(db, caller, recordId);
  if (!record.documentKey || !record.documentType) throw notFound();
  const data = await media.get(record.documentKey);
  if (!data) throw notFound();
  const ext = record.documentKey.slice(record.documentKey.lastIndexOf(".") + 1);
  return { data, type: record.documentType, filename: `consent-slip-${record.id}.${ext}` };
}

/**
 * Withdraws a consent: the named record and any other of its kind in force for that student,
 * so the student stops recording at once (the upload's creation and its finish both read the
 * records). Only the class owner withdraws; anyone else's record answers 404.
 */
export async function withdrawConsent(db: Db, auth: Auth, recordId: number, ip: string) {
  return db.transaction(async (tx) => {
    const { record, student } = await recordInReach(tx, auth.user, recordId);
    if (!ownsClassOf(auth.user, student)) throw notFound();
    if (record.withdrawnAt) throw conflict(consentMessages.alreadyWithdrawn);
    const closed = await tx
      .update(consentRecords)
      .set({ withdrawnAt: sql`now()`, withdrawnBy: auth.user.id })
      .where(
        and(
          eq(consentRecords.studentId, record.studentId),
          eq(consentRecords.kind, record.kind),
          notWithdrawn,
        ),
      )
      .returning({ id: consentRecords.id });
    await recordAudit(tx, {
      actor: auth,
      target: record.studentId,
      action: "consent.withdraw",
      ip,
      details: { kind: record.kind, recordIds: closed.map((r) => r.id) },
    });
    return { studentId: record.studentId, recordings: await countRecordings(tx, record.studentId) };
  });
}

/**
 * After a withdrawal, the class owner may delete every recording of the student: rows (shares,
 * views and grades go with them) and then their files. 409 while both consents are on file:
 * this is the withdrawal's follow-up, not a way round grading's own delete rules.
 */
export async function deleteStudentRecordings(
  deps: Pick<ErasureDeps, "db" | "stores" | "jobs">,
  auth: Auth,
  studentId: number,
  ip: string,
): Promise<number> {
  const { gone, ledger } = await deps.db.transaction(async (tx) => {
    const [student] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, studentId), studentsOf(auth.user.id)));
    ownedOr404(student);
    if (consentComplete(await consentOnFile(tx, studentId)))
      throw conflict(consentMessages.stillConsented);
    const removed = await tx
      .delete(recordings)
      .where(eq(recordings.studentId, studentId))
      .returning({ id: recordings.id });
    await recordAudit(tx, {
      actor: auth,
      target: studentId,
      action: "consent.delete_recordings",
      ip,
      details: { recordingIds: removed.map((r) => r.id) },
    });
    // Their files go as an erasure's do: through the ledger and the job that retries until
    // they are gone, and again after a restore from a backup (erase.ts).
    const ledger = await writeLedger(
      tx,
      removed.map((r) => ({
        subject: "recording_media" as const,
        subjectId: r.id,
        keys: [`media:${recordingFolder(r.id)}/`],
      })),
    );
    return { gone: removed.length, ledger };
  });
  await afterErasure(deps, ledger);
  return gone;
}
