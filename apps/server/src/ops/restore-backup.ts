import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";
import type { StoreConfig } from "../adapters/storage.ts";
import {
  erasureStores,
  LEDGER_FOLDER,
  type ReplayResult,
  replayDeletions,
} from "../areas/privacy/index.ts";
import { fromPglite, openDatabase } from "../db/client.ts";
import {
  loadPglite,
  loadPostgres,
  migrationLevel,
  pgliteExists,
  postgresContents,
  shippedMigrations,
} from "./database.ts";
import {
  archiveProblems,
  compatibilityProblem,
  MANIFEST_PATH,
  type Manifest,
  parseManifest,
  parseStorePath,
  SECRET_PATH,
  type SeenEntries,
} from "./manifest.ts";
import { type BackupStore, storesOf } from "./stores.ts";
import { readTar, TarError } from "./tar.ts";

/** A restore that stopped before it changed anything: the message says why and what to do. */
export class RestoreRefused extends Error {}

/** A restore that failed part-way: the target holds part of the archive and must be emptied. */
export class RestoreFailed extends Error {}

/** Where a restore goes: the configuration's data directory, stores, database and secret. */
export type RestoreTarget = StoreConfig & {
  DATABASE_URL?: string;
  /** APP_SECRET as the environment sets it, if it does. */
  APP_SECRET?: string;
};

export interface RestoreResult {
  manifest: Manifest;
  files: number;
  bytes: number;
  /** What became of the app secret: written to DATA_DIR/app-secret, or already in place. */
  secret: "written" | "in place" | "in the environment";
  migrationsRun: number;
  /** Ledger copies brought from elsewhere (--ledger-from) into the media store. */
  ledgerCopiesAdded: number;
  replay: ReplayResult;
  seconds: { verify: number; database: number; stores: number; replay: number; total: number };
}

const since = (start: number) => (performance.now() - start) / 1000;
const MAX_SMALL_ENTRY = 256 * 1024 * 1024;

async function collect(body: AsyncIterable<Buffer>, limit: number, what: string) {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    length += chunk.length;
    if (length > limit) throw new RestoreRefused(`The archive's ${what} is too large to be one`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads the whole archive once and checks every entry against the manifest (size and SHA-256)
 * before anything is touched. Answers the manifest and the app secret.
 */
export async function verifyArchive(path: string): Promise<{ manifest: Manifest; secret: string }> {
  if (!existsSync(path)) throw new RestoreRefused(`There is no archive at ${path}`);
  const seen: SeenEntries = new Map();
  const duplicates: string[] = [];
  let manifestText: string | undefined;
  let secret = "";
  try {
    for await (const entry of readTar(createReadStream(path))) {
      if (entry.path === MANIFEST_PATH) {
        if (manifestText !== undefined) duplicates.push(entry.path);
        manifestText = (await collect(entry.body, MAX_SMALL_ENTRY, "manifest")).toString("utf8");
        continue;
      }
      if (seen.has(entry.path)) duplicates.push(entry.path);
      const hash = createHash("sha256");
      let size = 0;
      if (entry.path === SECRET_PATH) {
        const bytes = await collect(entry.body, 4096, "app secret");
        hash.update(bytes);
        size = bytes.length;
        secret = bytes.toString("utf8").trim();
      } else
        for await (const chunk of entry.body) {
          hash.update(chunk);
          size += chunk.length;
        }
      seen.set(entry.path, { size, sha256: hash.digest("hex") });
    }
  } catch (error) {
    if (error instanceof TarError)
      throw new RestoreRefused(`The archive is damaged: ${error.message}`);
    throw error;
  }
  if (manifestText === undefined)
    throw new RestoreRefused("The archive has no manifest.json: it is not a Refrain backup");
  const parsed = parseManifest(manifestText);
  if ("problem" in parsed)
    throw new RestoreRefused(`The archive cannot be restored: ${parsed.problem}`);
  const problems = archiveProblems(parsed.manifest, seen, duplicates);
  if (problems.length > 0)
    throw new RestoreRefused(
      [
        `The archive is damaged or was changed (${problems.length} problem${problems.length === 1 ? "" : "s"}); nothing was restored:`,
        ...problems.slice(0, 10).map((p) => `  - ${p}`),
        ...(problems.length > 10 ? [`  … and ${problems.length - 10} more`] : []),
      ].join("\n"),
    );
  if (secret.length < 32)
    throw new RestoreRefused("The archive's app secret is shorter than 32 characters");
  return { manifest: parsed.manifest, secret };
}

/**
 * The deletion ledger's copies kept in an old data directory (its media/deletion-ledger), a
 * copy of that folder, or a folder of the copies themselves: the erasures made after the backup.
 */
async function ledgerCopiesFrom(dir: string): Promise<{ key: string; data: Buffer }[]> {
  let folder: string;
  if (existsSync(join(dir, "media"))) folder = join(dir, "media", LEDGER_FOLDER);
  else if (existsSync(join(dir, LEDGER_FOLDER))) folder = join(dir, LEDGER_FOLDER);
  else folder = dir;
  const names = existsSync(folder) ? await readdir(folder) : [];
  const copies = names.filter((name) => /^\d+\.json$/.test(name));
  if (folder === dir && copies.length === 0)
    throw new RestoreRefused(
      `--ledger-from ${dir} is neither a data directory (with media/) nor a folder of deletion ledger copies (<id>.json)`,
    );
  const out: { key: string; data: Buffer }[] = [];
  for (const name of copies) {
    const data = await readFile(join(folder, name));
    let copy: { id?: unknown; subjectId?: unknown };
    try {
      copy = JSON.parse(data.toString("utf8"));
    } catch {
      copy = {};
    }
    if (`${copy.id}.json` !== name || !Number.isSafeInteger(copy.subjectId))
      throw new RestoreRefused(`${join(folder, name)} is not a deletion ledger copy`);
    out.push({ key: `${LEDGER_FOLDER}/${name}`, data });
  }
  return out;
}

const isLedgerCopy = (store: string, key: string) =>
  store === "media" && key.startsWith(`${LEDGER_FOLDER}/`);

/**
 * Everything a restore checks before it writes: the target's database is empty (PGlite: no
 * DATA_DIR/pg; PostgreSQL: no table or schema but an empty public one), every store is empty but
 * for deletion ledger copies (the erasures to replay), and the secret in place, if any, is the
 * archive's. Answers the ledger copies the media store holds already, as "store:key".
 */
async function checkTarget(
  target: RestoreTarget,
  manifest: Manifest,
  secret: string,
  stores: Map<string, BackupStore>,
): Promise<Set<string>> {
  const problem = compatibilityProblem(manifest, {
    kind: target.DATABASE_URL ? "postgres" : "pglite",
    shippedMigrations: shippedMigrations(),
  });
  if (problem) throw new RestoreRefused(`The archive cannot be restored here: ${problem}`);
  if (target.DATABASE_URL) {
    const held = await postgresContents(target.DATABASE_URL);
    if (held.length > 0)
      throw new RestoreRefused(
        `The database DATABASE_URL names is not empty (it holds ${held.join(", ")}): restore into a new, empty database (createdb), then point the app at it`,
      );
  } else if (pgliteExists(join(target.DATA_DIR, "pg")))
    throw new RestoreRefused(
      `${join(target.DATA_DIR, "pg")} holds a database already: restore into an empty data directory (move this one aside, or set DATA_DIR to a new folder)`,
    );
  const ledgerKeys = new Set<string>();
  for (const { name } of manifest.stores) {
    const store = stores.get(name);
    if (!store)
      throw new RestoreRefused(`The archive holds a store "${name}" this version does not have`);
    const keys = await store.keys();
    const other = keys.filter((key) => !isLedgerCopy(name, key));
    if (other.length > 0)
      throw new RestoreRefused(
        `The ${name} store is not empty (it holds ${other.length} files, e.g. ${other[0]}): restore into empty stores (a new DATA_DIR, or a new S3_PREFIX)`,
      );
    for (const key of keys) ledgerKeys.add(`${name}:${key}`);
  }
  if (target.APP_SECRET !== undefined) {
    if (target.APP_SECRET !== secret)
      throw new RestoreRefused(
        "APP_SECRET is set and differs from the backup's secret: the restored students' passwords and sealed settings would not open. Set APP_SECRET to the backup's (the archive's app-secret entry), or unset it so the restore writes DATA_DIR/app-secret",
      );
  } else {
    const file = join(target.DATA_DIR, "app-secret");
    if (existsSync(file) && (await readFile(file, "utf8")).trim() !== secret)
      throw new RestoreRefused(
        `${file} holds another secret: restore into an empty data directory`,
      );
  }
  return ledgerKeys;
}

/**
 * `npm run restore ARCHIVE`: checks the whole archive and the target, then loads the database,
 * puts every file back into its store, writes the app secret, runs the migrations an older
 * archive lacks and replays the deletion ledger, so that people erased after the backup stay
 * erased: the ledger's copies are among the media, and those written after the backup come from
 * the target's media store (a bucket that outlived the database) or `ledgerFrom` (the old data
 * directory).
 */
export async function restoreBackup(deps: {
  archive: string;
  target: RestoreTarget;
  /** The configuration's stores (storesOf) unless given. */
  stores?: BackupStore[];
  ledgerFrom?: string[];
  log?: (line: string) => void;
}): Promise<RestoreResult> {
  const { archive, target } = deps;
  const log = deps.log ?? (() => undefined);
  const started = performance.now();
  log(`Checking ${archive}…`);
  const { manifest, secret } = await verifyArchive(archive);
  const stores = new Map((deps.stores ?? storesOf(target)).map((s) => [s.name, s]));
  const present = await checkTarget(target, manifest, secret, stores);
  const fromElsewhere = (
    await Promise.all((deps.ledgerFrom ?? []).map((dir) => ledgerCopiesFrom(dir)))
  ).flat();
  const verifySeconds = since(started);
  log(`The archive is whole (${manifest.entries.length} entries) and the target is empty.`);

  await mkdir(target.DATA_DIR, { recursive: true });
  const staging = await mkdtemp(join(target.DATA_DIR, ".restore-"));
  const expected = new Map(manifest.entries.map((e) => [e.path, e]));
  let files = 0;
  let bytes = 0;
  let databaseSeconds = 0;
  let storesSeconds = 0;
  let secretOutcome: RestoreResult["secret"] = "in the environment";
  // PGlite's instance made from the dump, kept open for the migrations and the replay.
  let loaded: PGlite | undefined;
  try {
    let n = 0;
    let storesStarted = performance.now();
    for await (const entry of readTar(createReadStream(archive))) {
      const wanted = expected.get(entry.path);
      if (!wanted || entry.path === SECRET_PATH) continue;
      const staged = join(staging, String(++n));
      const hash = createHash("sha256");
      await pipeline(
        entry.body,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            hash.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(staged, { mode: 0o600 }),
      );
      if (hash.digest("hex") !== wanted.sha256)
        throw new Error(`${entry.path} changed since the archive was checked`);
      if (entry.path === manifest.database.path) {
        const loadStarted = performance.now();
        log("Loading the database…");
        if (target.DATABASE_URL) await loadPostgres(target.DATABASE_URL, staged);
        else loaded = await loadPglite(join(target.DATA_DIR, "pg"), staged);
        await rm(staged, { force: true });
        databaseSeconds = since(loadStarted);
        storesStarted = performance.now();
        continue;
      }
      const where = parseStorePath(entry.path);
      const store = where && stores.get(where.store);
      if (!where || !store) continue;
      // A ledger copy the target holds already is the live one: it stays.
      if (present.has(`${where.store}:${where.key}`)) await rm(staged, { force: true });
      else await store.storage.putFile(where.key, staged);
      files++;
      bytes += entry.size;
    }
    storesSeconds = since(storesStarted);

    if (target.APP_SECRET === undefined) {
      const file = join(target.DATA_DIR, "app-secret");
      if (existsSync(file)) secretOutcome = "in place";
      else {
        await writeFile(file, secret, { mode: 0o600 });
        await chmod(file, 0o600);
        secretOutcome = "written";
      }
    }

    const replayStarted = performance.now();
    const database = loaded
      ? fromPglite(loaded)
      : await openDatabase({ databaseUrl: target.DATABASE_URL, dataDir: target.DATA_DIR });
    loaded = undefined;
    try {
      const before = await migrationLevel(database.db);
      await database.migrate();
      const after = await migrationLevel(database.db);
      const media = stores.get("media");
      const filesStore = stores.get("files");
      if (!media || !filesStore) throw new Error("The stores named media and files are needed");
      let ledgerCopiesAdded = 0;
      for (const copy of fromElsewhere)
        if ((await media.storage.size(copy.key)) === null) {
          await media.storage.put(copy.key, copy.data);
          ledgerCopiesAdded++;
        }
      log("Replaying the deletion ledger…");
      const replay = await replayDeletions({
        db: database.db,
        stores: erasureStores({
          media: media.storage,
          storage: filesStore.storage,
          config: target,
        }),
      });
      return {
        manifest,
        files,
        bytes,
        secret: secretOutcome,
        migrationsRun: after.migrations - before.migrations,
        ledgerCopiesAdded,
        replay,
        seconds: {
          verify: verifySeconds,
          database: databaseSeconds,
          stores: storesSeconds,
          replay: since(replayStarted),
          total: since(started),
        },
      };
    } finally {
      await database.close();
    }
  } catch (error) {
    throw new RestoreFailed(
      `The restore failed part-way: ${(error as Error).message}\nThe target now holds part of the backup: empty it (${target.DATABASE_URL ? "drop and create the database" : `remove ${join(target.DATA_DIR, "pg")}`}, empty the stores, remove DATA_DIR/app-secret if it was written) before trying again.`,
      { cause: error },
    );
  } finally {
    await loaded?.close();
    await rm(staging, { recursive: true, force: true });
  }
}
