import { PLACEHOLDER_FIRST_NAME } from "@refrain/domain";
import { and, arrayOverlaps, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Storage, StoreConfig } from "../../adapters/storage.ts";
import { type AuditEntry, recordAudit } from "../../core/audit.ts";
import { dropQueuedMail, type Jobs } from "../../core/jobs.ts";
import type { StudentPasswordBox } from "../../core/passwords.ts";
import type { Db } from "../../db/client.ts";
import {
  auditLog,
  consentRecords,
  deletionLedger,
  mailOutbox,
  recordings,
  recordingUploads,
  studentExports,
  users,
} from "../../db/schema/index.ts";
import { namedPerson } from "../auth/index.ts";
import {
  forgetAdaptationsOf,
  recordingFolder,
  uploadKeys,
  uploadStoreOf,
} from "../fluency/index.ts";
import { forgetDistrictExportsOf } from "../screening/index.ts";

/**
 * Erasing people for good (issue 19, docs/decisions/0026): every row that names them goes in
 * one transaction, and their files through the "privacy-erase" job, which retries until they
 * are gone. What stays is a `deletion_ledger` row per person (ids and storage keys only, with a
 * copy in the media store so a database restored from a backup can replay it) and one audit
 * row without personal data.
 *
 * A pending key is `<store>:<key>`: the store is `media` (recordings' media store), `files`
 * (DATA_DIR/files: mail attachments, districts' screening exports) or `uploads` (tus's partial
 * uploads); a key ending in "/" is a folder, everything under it goes.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The stores a pending key can name. */
export interface ErasureStores {
  media: Storage;
  files: Storage;
  uploads: Storage;
}
type StoreName = keyof ErasureStores;

/** The stores of a running app: its media store and files, and the uploads beside them. */
export const erasureStores = (deps: {
  media: Storage;
  storage: Storage;
  config: StoreConfig;
}): ErasureStores => ({
  media: deps.media,
  files: deps.storage,
  uploads: uploadStoreOf(deps.config).files,
});

/** Where each ledger row's copy is written in the media store. */
export const LEDGER_FOLDER = "deletion-ledger";
export const ledgerCopyKey = (ledgerId: number) => `${LEDGER_FOLDER}/${ledgerId}.json`;

/** A ledger row as its copy beside the media holds it: ids and keys, never a name. */
export interface LedgerCopy {
  id: number;
  subject: (typeof deletionLedger.$inferSelect)["subject"];
  subjectId: number;
  keys: string[];
  deletedAt: string;
}

/** The names an erased person had, for the caller's answer only: never stored or logged. */
export interface ErasedPerson {
  id: number;
  firstName: string;
  lastName: string;
  username: string;
}

const pending = (store: StoreName, key: string) => `${store}:${key}`;

/**
 * Every file of these people, by person: their recordings' folders (comparisons included),
 * their unfinished uploads, their consent slips and exports, and the attachments of the mail
 * about them. Consent slips and exports are looked for in both stores that could hold them.
 */
async function filesOf(tx: Tx, ids: number[]): Promise<Map<number, Set<string>>> {
  const byPerson = new Map(ids.map((id) => [id, new Set<string>()]));
  const add = (id: number, key: string) => byPerson.get(id)?.add(key);
  for (const r of await tx
    .select({
      id: recordings.id,
      studentId: recordings.studentId,
      keys: sql<
        (string | null)[]
      >`array[${recordings.sourceKey}, ${recordings.videoKey}, ${recordings.thumbnailKey}]`,
    })
    .from(recordings)
    .where(inArray(recordings.studentId, ids))) {
    const home = `${recordingFolder(r.id)}/`;
    add(r.studentId, pending("media", home));
    // Keys always sit in the recording's folder today; one that does not still goes.
    for (const key of r.keys)
      if (key && !key.startsWith(home)) add(r.studentId, pending("media", key));
  }
  for (const u of await tx
    .select({ id: recordingUploads.id, studentId: recordingUploads.studentId })
    .from(recordingUploads)
    .where(inArray(recordingUploads.studentId, ids))) {
    for (const key of uploadKeys(u.id)) add(u.studentId, pending("uploads", key));
  }
  for (const id of ids)
    for (const store of ["media", "files"] as const) add(id, pending(store, `consent/${id}/`));
  for (const c of await tx
    .select({ studentId: consentRecords.studentId, key: consentRecords.documentKey })
    .from(consentRecords)
    .where(inArray(consentRecords.studentId, ids)))
    if (c.key && !c.key.startsWith(`consent/${c.studentId}/`))
      for (const store of ["media", "files"] as const) add(c.studentId, pending(store, c.key));
  for (const e of await tx
    .select({
      id: studentExports.id,
      studentId: studentExports.studentId,
      key: studentExports.fileKey,
    })
    .from(studentExports)
    .where(inArray(studentExports.studentId, ids)))
    for (const store of ["media", "files"] as const) {
      add(e.studentId, pending(store, `exports/${e.id}/`));
      if (e.key && !e.key.startsWith(`exports/${e.id}/`)) add(e.studentId, pending(store, e.key));
    }
  for (const m of await aboutThem(tx, ids)) {
    const home = `mail/${m.id}/`;
    const keys = [home, ...m.attachments.flatMap((a) => a.storageKey ?? [])];
    for (const id of m.aboutStudentIds)
      for (const key of keys)
        if (key === home || !key.startsWith(home)) add(id, pending("files", key));
  }
  return byPerson;
}

/** The outbox messages about any of these people. */
const aboutThem = (tx: Tx, ids: number[]) =>
  tx
    .select({
      id: mailOutbox.id,
      attachments: mailOutbox.attachments,
      aboutStudentIds: mailOutbox.aboutStudentIds,
    })
    .from(mailOutbox)
    .where(arrayOverlaps(mailOutbox.aboutStudentIds, ids));

/** A case-insensitive regular expression matching `text` as a whole word of a longer text. */
const asWord = (text: string) =>
  `(^|[^[:alnum:]_])${text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&")}([^[:alnum:]_]|$)`;

/**
 * Audit rows keep what was done, by whom and when, and lose what names an erased person: the
 * target and details of a row about them (their id as the target or in details' student ids,
 * or their names or username in the details), and the actor and address where they acted.
 */
async function scrubAudit(tx: Tx, people: ErasedPerson[]) {
  const ids = people.map((p) => p.id);
  const vars = JSON.stringify({ ids });
  const idIn = (path: string) =>
    sql`jsonb_path_exists(${auditLog.details}, ${path}::jsonpath, ${vars}::jsonb)`;
  const words = people
    .flatMap((p) => [p.firstName, p.lastName, p.username])
    .map((word) => word.trim())
    .filter((word) => word !== "" && word.toLowerCase() !== PLACEHOLDER_FIRST_NAME.toLowerCase());
  const named: SQL[] = [
    inArray(auditLog.targetId, ids),
    ...["studentId", "studentIds", "student_id", "student_ids"].map((key) =>
      idIn(`$.**.${key} ? (@ == $ids[*])`),
    ),
    ...[...new Set(words)].map((word) => sql`${auditLog.details}::text ~* ${asWord(word)}`),
  ];
  await tx
    .update(auditLog)
    .set({ targetId: null, details: null })
    .where(or(...named));
  await tx.update(auditLog).set({ actorId: null, ip: null }).where(inArray(auditLog.actorId, ids));
  await tx.update(auditLog).set({ onBehalfOfId: null }).where(inArray(auditLog.onBehalfOfId, ids));
}

/**
 * Inside the caller's transaction: erases these users (any role) and every row naming them,
 * and answers who they were and the files each left, for the ledger. The users' rows are
 * locked first, so an upload or a processing run finishing at the same moment either commits
 * before (and its files are found here) or finds no one after.
 */
export async function eraseUsersIn(
  tx: Tx,
  ids: number[],
): Promise<{ people: ErasedPerson[]; files: Map<number, Set<string>> }> {
  if (ids.length === 0) return { people: [], files: new Map() };
  const people = await tx
    .select(namedPerson)
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.id)
    .for("update");
  const found = people.map((p) => p.id);
  if (found.length === 0) return { people: [], files: new Map() };
  const files = await filesOf(tx, found);
  const mail = await tx
    .delete(mailOutbox)
    .where(arrayOverlaps(mailOutbox.aboutStudentIds, found))
    .returning({ id: mailOutbox.id });
  await dropQueuedMail(
    tx,
    mail.map((m) => m.id),
  );
  await scrubAudit(tx, people);
  // Their district's roster as its last import left it names them too (issue 21). A later
  // import that still lists them makes a new account, as the district's roster then asks.
  await tx.execute(sql`
    delete from roster_records r using users u
    where u.id = any(${`{${found.join(",")}}`}::int[]) and u.sourced_id is not null
      and r.district_id = u.roster_district_id
      and ((r.kind = 'users' and r.sourced_id = u.sourced_id)
        or (r.kind in ('roles', 'enrollments') and r.record ->> 'userSourcedId' = u.sourced_id))`);
  // A recogniser adapted to their school learnt from their voices: it goes too (issue 38).
  await forgetAdaptationsOf(tx, found);
  // Their district's screening CSV names them (issue 39): it goes, its file with their others.
  for (const { userId, key } of await forgetDistrictExportsOf(tx, found))
    files.get(userId)?.add(pending("files", key));
  // Everything else that names them goes with their rows (foreign keys cascade).
  await tx.delete(users).where(inArray(users.id, found));
  return { people, files };
}

export interface ErasureDeps {
  db: Db;
  stores: ErasureStores;
  jobs: Pick<Jobs, "send">;
  /** Forgets the erased students' opened passwords (decision 0014) in this process. */
  passwordBox?: StudentPasswordBox;
}

/**
 * Erases the students matching `where` (a condition on `users`, such as `studentsOf(teacher)`),
 * their rows and, through the "privacy-erase" job, their files. The ledger gets a row per
 * student and the audit log one row naming no one (`audit.details` adds ids of adults only).
 * Answers who was erased, for the caller's message.
 */
export async function eraseStudents(
  deps: ErasureDeps,
  where: SQL | undefined,
  audit: Omit<AuditEntry, "target" | "details"> & { details?: Record<string, unknown> },
): Promise<ErasedPerson[]> {
  const { people, ledger, sealed } = await deps.db.transaction(async (tx) => {
    const chosen = await tx
      .select({ id: users.id, sealed: users.passwordEncrypted })
      .from(users)
      .where(and(eq(users.role, "student"), where))
      .orderBy(users.id)
      .for("update");
    const { people, files } = await eraseUsersIn(
      tx,
      chosen.map((s) => s.id),
    );
    const ledger = await writeLedger(
      tx,
      people.map((p) => ({ subject: "student" as const, subjectId: p.id, keys: files.get(p.id) })),
    );
    await recordAudit(tx, {
      ...audit,
      target: null,
      details: { ...audit.details, count: people.length, ledgerIds: ledger.map((l) => l.id) },
    });
    return { people, ledger, sealed: chosen.flatMap((s) => s.sealed ?? []) };
  });
  for (const text of sealed) deps.passwordBox?.forget(text);
  await afterErasure(deps, ledger);
  return people;
}

/** Ledger rows for erased subjects, inside the erasing transaction. */
export async function writeLedger(
  tx: Tx,
  erased: { subject: LedgerCopy["subject"]; subjectId: number; keys?: Iterable<string> }[],
): Promise<LedgerCopy[]> {
  if (erased.length === 0) return [];
  const rows = await tx
    .insert(deletionLedger)
    .values(
      erased.map((e) => ({
        subject: e.subject,
        subjectId: e.subjectId,
        pendingKeys: [...(e.keys ?? [])].sort(),
      })),
    )
    .returning();
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    subjectId: row.subjectId,
    keys: row.pendingKeys,
    deletedAt: row.deletedAt.toISOString(),
  }));
}

/**
 * After the erasing transaction commits: each ledger row's copy goes beside the media (a backup
 * of the database older than the erasure does not hold the row; the media store does), then
 * the job that removes the files. A failure here leaves the row pending: the hourly sweep
 * queues it again and writes its copy then.
 */
export async function afterErasure(
  deps: Pick<ErasureDeps, "stores" | "jobs">,
  ledger: LedgerCopy[],
) {
  for (const copy of ledger) {
    await writeLedgerCopy(deps.stores, copy);
    await deps.jobs.send("privacy-erase", { ledgerId: copy.id });
  }
}

export const writeLedgerCopy = (stores: ErasureStores, copy: LedgerCopy) =>
  stores.media.put(ledgerCopyKey(copy.id), Buffer.from(JSON.stringify(copy)));

function parseKey(key: string): { store: StoreName; key: string } | null {
  const at = key.indexOf(":");
  const store = key.slice(0, at);
  if (store !== "media" && store !== "files" && store !== "uploads") return null;
  return { store, key: key.slice(at + 1) };
}

/**
 * Removes one pending key's files and answers whether none is left: a folder's every file, or
 * the one file. A key naming no store we know is left for a person to look at, not dropped.
 */
export async function removeKey(stores: ErasureStores, pendingKey: string): Promise<boolean> {
  const parsed = parseKey(pendingKey);
  if (!parsed) return false;
  const store = stores[parsed.store];
  if (parsed.key.endsWith("/")) {
    const prefix = parsed.key.slice(0, -1);
    for (const key of await store.list(prefix)) await store.delete(key);
    return (await store.list(prefix)).length === 0;
  }
  await store.delete(parsed.key);
  return (await store.size(parsed.key)) === null;
}

/**
 * The "privacy-erase" job for one ledger row: removes its pending files, keeps the ones that
 * would not go (and throws, so the queue tries again later with backoff), and once none is left
 * stamps `files_removed_at`.
 */
export async function removeErasedFiles(deps: { db: Db; stores: ErasureStores }, ledgerId: number) {
  const [row] = await deps.db
    .select()
    .from(deletionLedger)
    .where(and(eq(deletionLedger.id, ledgerId), isNull(deletionLedger.filesRemovedAt)));
  if (!row) return;
  // A copy that failed after the erasure, or was lost since, is written now; an existing one
  // keeps every key, where the row keeps only those still to remove.
  if ((await deps.stores.media.size(ledgerCopyKey(row.id))) === null)
    await writeLedgerCopy(deps.stores, {
      id: row.id,
      subject: row.subject,
      subjectId: row.subjectId,
      keys: row.pendingKeys,
      deletedAt: row.deletedAt.toISOString(),
    });
  const left: string[] = [];
  for (const key of row.pendingKeys) {
    const gone = await removeKey(deps.stores, key).catch(() => false);
    if (!gone) left.push(key);
  }
  await deps.db
    .update(deletionLedger)
    .set({ pendingKeys: left, filesRemovedAt: left.length === 0 ? new Date() : null })
    .where(eq(deletionLedger.id, ledgerId));
  if (left.length > 0)
    throw new Error(`${left.length} file(s) of deletion ledger row ${ledgerId} are still there`);
}

/** The hourly sweep: ledger rows whose files are not all gone yet, for the job to take again. */
export async function pendingLedgerIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: deletionLedger.id })
    .from(deletionLedger)
    .where(isNull(deletionLedger.filesRemovedAt))
    .orderBy(deletionLedger.id);
  return rows.map((row) => row.id);
}
