import { ERASED_SUBJECTS } from "@refrain/domain";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { deletionLedger } from "../../db/schema/index.ts";
import {
  type ErasureStores,
  eraseUsersIn,
  LEDGER_FOLDER,
  type LedgerCopy,
  removeErasedFiles,
} from "./erase.ts";

/** Ledger subjects that are people: their `subject_id` is a `users.id`. */
const PEOPLE: readonly LedgerCopy["subject"][] = ["student", "teacher", "parent"];

function parseCopy(text: string): LedgerCopy | null {
  try {
    const copy = JSON.parse(text) as Partial<LedgerCopy>;
    const valid =
      Number.isSafeInteger(copy.id) &&
      Number.isSafeInteger(copy.subjectId) &&
      ERASED_SUBJECTS.includes(copy.subject as LedgerCopy["subject"]) &&
      Array.isArray(copy.keys) &&
      copy.keys.every((key) => typeof key === "string") &&
      typeof copy.deletedAt === "string";
    return valid ? (copy as LedgerCopy) : null;
  } catch {
    return null;
  }
}

export interface ReplayResult {
  /** Ledger entries known, from the table and the copies beside the media. */
  entries: number;
  /** Users the restored database still held, erased again. */
  usersErased: number;
  /** Entries some of whose files would not go: the hourly sweep keeps trying. */
  entriesPending: number;
}

/**
 * `npm run privacy:replay-deletions`, after a database is restored from a backup: every erasure
 * the ledger knows (its table and the copies beside the media, which outlive the restore) is
 * done again. People the backup brought back are erased again (their rows, mail and audit
 * traces, as `eraseUsersIn`), the ledger rows the backup lacked come back from their copies, and
 * every key, removed before or not, is removed again. Running it twice changes nothing more.
 * Ids go on past every erased one, so a new account never takes an erased person's id.
 */
export async function replayDeletions(deps: {
  db: Db;
  stores: ErasureStores;
}): Promise<ReplayResult> {
  const { db, stores } = deps;
  const copies = new Map<number, LedgerCopy>();
  for (const key of await stores.media.list(LEDGER_FOLDER)) {
    const copy = parseCopy((await stores.media.get(key))?.toString("utf8") ?? "");
    if (copy) copies.set(copy.id, copy);
  }
  const result = await db.transaction(async (tx) => {
    const rows = await tx.select().from(deletionLedger);
    const known = new Set(rows.map((row) => row.id));
    const missing = [...copies.values()].filter((copy) => !known.has(copy.id));
    if (missing.length > 0)
      await tx.insert(deletionLedger).values(
        missing.map((copy) => ({
          id: copy.id,
          subject: copy.subject,
          subjectId: copy.subjectId,
          pendingKeys: copy.keys,
          deletedAt: new Date(copy.deletedAt),
        })),
      );
    const entries = [...rows, ...missing.map((copy) => ({ ...copy, pendingKeys: copy.keys }))];
    const people = entries.filter((e) => PEOPLE.includes(e.subject)).map((e) => e.subjectId);
    const { people: erased, files } = await eraseUsersIn(tx, [...new Set(people)]);
    // Every entry's keys are removed again: those of its copy, its row, and files found now.
    for (const entry of entries) {
      const keys = new Set([
        ...(copies.get(entry.id)?.keys ?? []),
        ...entry.pendingKeys,
        ...(PEOPLE.includes(entry.subject) ? (files.get(entry.subjectId) ?? []) : []),
      ]);
      await tx
        .update(deletionLedger)
        .set({ pendingKeys: [...keys].sort(), filesRemovedAt: null })
        .where(eq(deletionLedger.id, entry.id));
    }
    const maxSubject = Math.max(0, ...people);
    await tx.execute(sql`
      select setval(pg_get_serial_sequence('users', 'id'),
        greatest((select coalesce(max(id), 0) from users), ${maxSubject}, 1))`);
    await tx.execute(sql`
      select setval(pg_get_serial_sequence('deletion_ledger', 'id'),
        greatest((select coalesce(max(id), 0) from deletion_ledger), 1))`);
    return { entries: entries.map((e) => e.id), usersErased: erased.length };
  });
  let entriesPending = 0;
  for (const id of result.entries)
    await removeErasedFiles({ db, stores }, id).catch(() => {
      entriesPending++;
    });
  return { entries: result.entries.length, usersErased: result.usersErased, entriesPending };
}
