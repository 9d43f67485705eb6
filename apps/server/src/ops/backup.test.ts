import { createHash, randomUUID } from "node:crypto";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext, testDatabaseUrl } from "../../test/build-test-app.ts";
import { catalogLessons } from "../../test/learning.ts";
import { startS3 } from "../../test/s3.ts";
import { createMailer } from "../adapters/mail.ts";
import { s3Storage } from "../adapters/s3-storage.ts";
import { fileStore, mediaStore, s3SettingsOf } from "../adapters/storage.ts";
import { eraseStudents, erasureStores } from "../areas/privacy/index.ts";
import { recordAudit } from "../core/audit.ts";
import { type Db, openDatabase, rowsOf } from "../db/client.ts";
import { consentRecords, recordings, users } from "../db/schema/index.ts";
import { makeBackup } from "./make-backup.ts";
import { RestoreRefused, type RestoreTarget, restoreBackup } from "./restore-backup.ts";
import { type BackupStore, storesOf } from "./stores.ts";

/**
 * `npm run backup` and `npm run restore` on the test's database (PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set, outside test/pglite-too.ts's PGlite pass): a restore gives back the
 * state as at the backup, minus the people erased after it, and refuses a changed archive or a
 * target that holds anything.
 */
let ctx: TestContext;
let lessonId: number;
const databaseUrl = testDatabaseUrl();
const admin = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 1 }) : null;
const databasesMade: string[] = [];
const foldersMade: string[] = [];
/** A new temporary folder, removed after the file's tests. */
const folder = (name: string) => {
  const path = mkdtempSync(join(tmpdir(), `refrain-${name}-`));
  foldersMade.push(path);
  return path;
};

beforeAll(async () => {
  ctx = await buildTestApp();
  lessonId = (await catalogLessons(ctx)).second[0] as number;
});
afterAll(async () => {
  await ctx.close();
  for (const name of databasesMade) await admin?.query(`drop database if exists ${name}`);
  for (const path of foldersMade) rmSync(path, { recursive: true, force: true });
  await admin?.end();
});

/** An empty target like a new server's: a new data directory, and a new database on PostgreSQL. */
async function emptyTarget(over: Partial<RestoreTarget> = {}): Promise<RestoreTarget> {
  const target: RestoreTarget = {
    ...ctx.config,
    APP_SECRET: undefined,
    DATABASE_URL: undefined,
    DATA_DIR: folder("restored"),
    ...over,
  };
  if (admin && databaseUrl) {
    const name = `refrain_restore_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
    await admin.query(`create database ${name}`);
    databasesMade.push(name);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    target.DATABASE_URL = url.toString();
  }
  return target;
}

/** Every row of every table of the app's schema, as sorted JSON texts per table. */
async function tablesOf(db: Db) {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  );
  const out = new Map<string, string[]>();
  for (const { name } of tables) {
    const rows = rowsOf<{ row: string }>(
      await db.execute(sql`select to_jsonb(t)::text as row from ${sql.identifier(name)} t`),
    );
    out.set(name, rows.map((r) => r.row).sort());
  }
  return out;
}

/** Every file of the stores, "store:key" to its SHA-256. */
async function filesOf(stores: BackupStore[]) {
  const out = new Map<string, string>();
  for (const store of stores)
    for (const key of await store.keys()) {
      const bytes = (await store.storage.get(key)) ?? Buffer.alloc(0);
      out.set(`${store.name}:${key}`, createHash("sha256").update(bytes).digest("hex"));
    }
  return out;
}

const stateOf = async (db: Db, stores: BackupStore[]) => ({
  tables: await tablesOf(db),
  files: await filesOf(stores),
});
type State = Awaited<ReturnType<typeof stateOf>>;

/** `a` without `b`'s rows, as multisets. */
function minus(a: string[], b: string[]) {
  const left = new Map<string, number>();
  for (const row of b) left.set(row, (left.get(row) ?? 0) + 1);
  return a.filter((row) => {
    const n = left.get(row) ?? 0;
    if (n > 0) left.set(row, n - 1);
    return n === 0;
  });
}
const idOf = (row: string) => (JSON.parse(row) as { id?: unknown }).id;

/**
 * The state as at the backup, minus what the erasure took: each table's backed-up rows without
 * those the erasure deleted, and with the erasure's own changes to backed-up rows (audit rows
 * it scrubbed); its files without the erasure's, plus the ledger copies written since.
 */
function expectedAfter(backedUp: State, beforeErasure: State, afterErasure: State) {
  const tables = new Map<string, string[]>();
  for (const [table, rows] of backedUp.tables) {
    if (table === "deletion_ledger") continue;
    // Figures kept per school by triggers (screening counts, usage) and the districts' sums of
    // them follow the rows they are made from, the erasure replayed included; their own tests
    // hold them to those rows.
    if (table.startsWith("screening_counts") || table.startsWith("screening_district_")) continue;
    if (table === "screening_school_changes") continue;
    if (table.startsWith("usage_")) continue;
    const removed = minus(
      beforeErasure.tables.get(table) ?? [],
      afterErasure.tables.get(table) ?? [],
    );
    const added = minus(
      afterErasure.tables.get(table) ?? [],
      beforeErasure.tables.get(table) ?? [],
    );
    const backedUpIds = new Set(rows.map(idOf));
    const removedIds = new Set(removed.map(idOf));
    const changed = added.filter((row) => {
      const id = idOf(row);
      return id !== undefined && backedUpIds.has(id) && removedIds.has(id);
    });
    tables.set(table, [...minus(rows, removed), ...changed].sort());
  }
  const files = new Map(backedUp.files);
  for (const key of beforeErasure.files.keys()) if (!afterErasure.files.has(key)) files.delete(key);
  for (const [key, sum] of afterErasure.files)
    if (key.startsWith("media:deletion-ledger/") && !beforeErasure.files.has(key))
      files.set(key, sum);
  return { tables, files };
}

/** A student with a reading and its files, a consent slip, and mail about them with an attachment. */
async function studentWithFiles(teacherId: number, firstName: string) {
  const student = await ctx.factories.user({ role: "student", teacherId, firstName });
  const media = mediaStore(ctx.config);
  const [reading] = await ctx.db
    .insert(recordings)
    .values({ studentId: student.id, lessonId, classification: "cold_read", status: "complete" })
    .returning({ id: recordings.id });
  const folder = `recordings/${reading?.id}`;
  await media.put(`${folder}/video.mp4`, Buffer.from(`${firstName} reading, the video`));
  await media.put(`${folder}/thumbnail.jpg`, Buffer.from(`${firstName} reading, a picture`));
  await ctx.db
    .update(recordings)
    .set({
      videoKey: `${folder}/video.mp4`,
      thumbnailKey: `${folder}/thumbnail.jpg`,
      videoType: "video/mp4",
    })
    .where(eq(recordings.id, reading?.id as number));
  await media.put(`consent/${student.id}/slip.pdf`, Buffer.from(`${firstName}'s slip`));
  await ctx.db.insert(consentRecords).values({
    studentId: student.id,
    kind: "parent_permission",
    method: "signed_slip",
    givenOn: "2026-09-01",
    documentKey: `consent/${student.id}/slip.pdf`,
    documentType: "application/pdf",
    recordedBy: teacherId,
  });
  await createMailer({ db: ctx.db, storage: fileStore(ctx.config) }).send({
    to: "family@example.org",
    subject: `${firstName}'s week`,
    text: `${firstName} read three songs.`,
    attachments: [
      { filename: "week.txt", contentType: "text/plain", content: Buffer.from(`${firstName}!`) },
    ],
    aboutStudentIds: [student.id],
  });
  await recordAudit(ctx.db, {
    actor: teacherId,
    action: "student.password_set",
    target: student.id,
    ip: "10.0.0.1",
  });
  return student;
}

describe("a backup, and a restore of it", () => {
  it("gives back the state as at the backup, minus the people erased since", async () => {
    const school = await ctx.factories.school();
    const teacher = await ctx.factories.user({ role: "teacher", schoolId: school.id });
    const kept = await studentWithFiles(teacher.id, "Keeperlyn");
    const gone = await studentWithFiles(teacher.id, "Goneworth");
    await fileStore(ctx.config).put("quotes/Q-2026-0001.pdf", Buffer.from("%PDF quote"));
    const stores = storesOf(ctx.config);
    const backedUp = await stateOf(ctx.db, stores);
    const outDir = folder("backups");
    const backup = await makeBackup({
      database: ctx.database,
      stores,
      secret: { value: ctx.config.APP_SECRET, source: "environment" },
      outDir,
    });
    expect(readdirSync(outDir)).toEqual([backup.path.split("/").pop()]);
    expect(statSync(backup.path).mode & 0o777).toBe(0o600);
    expect(backup.manifest.stores).toEqual([
      { name: "files", files: 3, bytes: expect.any(Number) },
      { name: "media", files: 6, bytes: expect.any(Number) },
    ]);

    // After the backup: a change, a newcomer, and an erasure through the roster's service.
    await ctx.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, kept.id));
    await studentWithFiles(teacher.id, "Newcomerine");
    const beforeErasure = await stateOf(ctx.db, stores);
    const erased = await eraseStudents(
      {
        db: ctx.db,
        jobs: ctx.jobs,
        stores: erasureStores({
          media: mediaStore(ctx.config),
          storage: fileStore(ctx.config),
          config: ctx.config,
        }),
      },
      eq(users.id, gone.id),
      { actor: teacher.id, action: "student.delete", ip: "10.0.0.1" },
    );
    expect(erased.map((p) => p.id)).toEqual([gone.id]);
    await ctx.jobs.idle();
    const afterErasure = await stateOf(ctx.db, stores);

    // The server's data is lost; the old data directory's ledger copies survive.
    const target = await emptyTarget();
    const restored = await restoreBackup({
      archive: backup.path,
      target,
      ledgerFrom: [ctx.config.DATA_DIR],
    });
    expect(restored).toMatchObject({
      files: 9,
      secret: "written",
      migrationsRun: 0,
      ledgerCopiesAdded: 1,
      replay: { entries: 1, usersErased: 1, entriesPending: 0 },
    });
    expect(readFileSync(join(target.DATA_DIR, "app-secret"), "utf8")).toBe(ctx.config.APP_SECRET);
    expect(statSync(join(target.DATA_DIR, "app-secret")).mode & 0o777).toBe(0o600);

    const database = await openDatabase({
      databaseUrl: target.DATABASE_URL,
      dataDir: target.DATA_DIR,
    });
    try {
      const now = await stateOf(database.db, storesOf(target));
      const expected = expectedAfter(backedUp, beforeErasure, afterErasure);
      for (const [table, rows] of expected.tables)
        expect(now.tables.get(table), table).toEqual(rows);
      expect(Object.fromEntries(now.files)).toEqual(Object.fromEntries(expected.files));
      // In words: the erased student and their files are gone, the rest is as backed up.
      const names = await database.db
        .select({ id: users.id, firstName: users.firstName })
        .from(users)
        .where(eq(users.teacherId, teacher.id));
      expect(names).toEqual([{ id: kept.id, firstName: "Keeperlyn" }]);
      expect([...now.files.keys()].filter((k) => k.includes(`consent/${gone.id}/`))).toEqual([]);
      const ledger = rowsOf<{ subject_id: number; pending_keys: string[]; done: boolean }>(
        await database.db.execute(
          sql`select subject_id, pending_keys, files_removed_at is not null as done from deletion_ledger`,
        ),
      );
      expect(ledger).toEqual([{ subject_id: gone.id, pending_keys: [], done: true }]);
    } finally {
      await database.close();
    }

    // Restoring again into what is now full is refused, before anything changes.
    await expect(restoreBackup({ archive: backup.path, target })).rejects.toThrow(
      target.DATABASE_URL ? /not empty/ : /holds a database already/,
    );
  });

  it("refuses an archive changed by one byte, and touches nothing", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    await studentWithFiles(teacher.id, "Tamperella");
    const backup = await makeBackup({
      database: ctx.database,
      stores: storesOf(ctx.config),
      secret: { value: ctx.config.APP_SECRET, source: "environment" },
      outDir: folder("backups"),
    });
    const bytes = readFileSync(backup.path);
    const at = bytes.indexOf("Tamperella reading, the video");
    expect(at).toBeGreaterThan(0);
    bytes[at] = "X".charCodeAt(0);
    const tampered = join(folder("tampered"), "backup.tar");
    writeFileSync(tampered, bytes);
    const target = await emptyTarget();
    const refused = restoreBackup({ archive: tampered, target });
    await expect(refused).rejects.toThrow(RestoreRefused);
    await expect(refused).rejects.toThrow(/video\.mp4 does not match its checksum/);
    expect(readdirSync(target.DATA_DIR)).toEqual([]);

    // A cut archive, and an APP_SECRET that is not the backup's, are refused too.
    writeFileSync(tampered, bytes.subarray(0, bytes.length - 2048));
    await expect(restoreBackup({ archive: tampered, target })).rejects.toThrow(/cut short/);
    await expect(
      restoreBackup({ archive: backup.path, target: { ...target, APP_SECRET: "x".repeat(40) } }),
    ).rejects.toThrow(/APP_SECRET is set and differs/);
    expect(readdirSync(target.DATA_DIR)).toEqual([]);
  });
});

describe("a backup of stores in an S3 bucket", () => {
  it("holds the media and the files, not the unfinished uploads, and restores them to a new prefix", async () => {
    const s3 = await startS3();
    try {
      const bucket = { ...s3.env, MEDIA_STORE: "s3" as const, S3_FORCE_PATH_STYLE: true };
      const from = { ...ctx.config, ...bucket, S3_PREFIX: `live-${randomUUID()}` };
      await mediaStore(from).put("recordings/1/video.mp4", Buffer.from("a video"));
      await mediaStore(from).put("deletion-ledger/1.json", Buffer.from("{}"));
      await fileStore(from).put("mail/1/week.txt", Buffer.from("an attachment"));
      await s3Storage(s3SettingsOf(from, "uploads")).put("0123.info", Buffer.from("in flight"));
      const backup = await makeBackup({
        database: ctx.database,
        stores: storesOf(from),
        secret: { value: ctx.config.APP_SECRET, source: "environment" },
        outDir: folder("backups"),
      });
      expect(
        backup.manifest.entries.map((e) => e.path).filter((p) => p.startsWith("stores/")),
      ).toEqual([
        "stores/files/mail/1/week.txt",
        "stores/media/deletion-ledger/1.json",
        "stores/media/recordings/1/video.mp4",
      ]);
      const target = await emptyTarget({ ...bucket, S3_PREFIX: `restored-${randomUUID()}` });
      await restoreBackup({ archive: backup.path, target });
      expect(Object.fromEntries(await filesOf(storesOf(target)))).toEqual(
        Object.fromEntries(await filesOf(storesOf(from))),
      );
      // Only the database (PGlite) and the secret are on disk.
      expect(existsSync(join(target.DATA_DIR, "media"))).toBe(false);
      expect(existsSync(join(target.DATA_DIR, "files"))).toBe(false);
    } finally {
      await s3.close();
    }
  });
});
