import { createReadStream, createWriteStream } from "node:fs";
import { chmod, mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Database } from "../db/client.ts";
import { dumpPglite, dumpPostgres, migrationLevel } from "./database.ts";
import {
  type DatabaseKind,
  databasePath,
  FORMAT,
  FORMAT_VERSION,
  isSafePath,
  MANIFEST_PATH,
  type Manifest,
  type ManifestEntry,
  SECRET_PATH,
  storePath,
} from "./manifest.ts";
import type { BackupStore } from "./stores.ts";
import { TarWriter } from "./tar.ts";

/** What the archive leaves out on purpose, as the manifest and the README say. */
export const LEFT_OUT = [
  "unfinished (tus) uploads (DATA_DIR/uploads, or the bucket's uploads/): in flight; a browser resumes them or records again",
  "DATA_DIR/demo-media: the demo recordings' cache, made again when needed",
];

export interface BackupResult {
  path: string;
  bytes: number;
  manifest: Manifest;
  /** Files that went from a store between its listing and their turn (deleted meanwhile). */
  vanished: number;
  seconds: { database: number; stores: number; total: number };
}

const since = (start: number) => (performance.now() - start) / 1000;

/**
 * One archive of the database, the stores and the app secret in `outDir`
 * (refrain-backup-<time>.tar, mode 0600: it holds the secret). The database is dumped first, so
 * the files taken after it include every file its rows name, except those deleted meanwhile,
 * which the deletion ledger names (its copies are among the media). Written under a .partial
 * name and renamed once whole: a file with the final name is always a complete archive.
 */
export async function makeBackup(deps: {
  database: Database;
  stores: BackupStore[];
  secret: { value: string; source: "environment" | "file" };
  outDir: string;
  now?: Date;
  log?: (line: string) => void;
}): Promise<BackupResult> {
  const { database, stores, secret, outDir } = deps;
  const log = deps.log ?? (() => undefined);
  const started = performance.now();
  const now = deps.now ?? new Date();
  await mkdir(outDir, { recursive: true });
  const name = `refrain-backup-${now.toISOString().replace(/[:.]/g, "-")}.tar`;
  const path = join(outDir, name);
  const partial = `${path}.partial`;
  const dumpFile = join(outDir, `.${name}.database`);
  const out = createWriteStream(partial, { flags: "wx", mode: 0o600 });
  // An error of the file (a full disk) surfaces in the writer's next wait; this keeps it handled.
  out.on("error", () => undefined);
  const tar = new TarWriter(out, now);
  const entries: ManifestEntry[] = [];
  let vanished = 0;
  try {
    const kind: DatabaseKind = "pglite" in database.connection ? "pglite" : "postgres";
    const app = await migrationLevel(database.db);
    log(`Dumping the database (${kind}, ${app.migrations} migrations)…`);
    const dbPath = databasePath(kind);
    if ("pglite" in database.connection) {
      const dump = await dumpPglite(database.connection.pglite);
      const sha256 = await tar.add(dbPath, dump.size, dump.stream());
      entries.push({ path: dbPath, size: dump.size, sha256 });
    } else {
      await dumpPostgres(database.connection.url, dumpFile);
      const { size } = await stat(dumpFile);
      const sha256 = await tar.add(dbPath, size, createReadStream(dumpFile));
      entries.push({ path: dbPath, size, sha256 });
      await rm(dumpFile, { force: true });
    }
    const databaseSeconds = since(started);

    const storeStarted = performance.now();
    const storeSummaries: Manifest["stores"] = [];
    for (const store of stores) {
      const keys = (await store.keys()).sort();
      let files = 0;
      let bytes = 0;
      for (const key of keys) {
        if (!isSafePath(key))
          throw new Error(`The store ${store.name} holds an unsafe key: ${key}`);
        const size = await store.storage.size(key);
        if (size === null) {
          vanished++;
          continue;
        }
        const entryPath = storePath(store.name, key);
        const sha256 = await tar.add(entryPath, size, store.storage.readStream(key));
        entries.push({ path: entryPath, size, sha256 });
        files++;
        bytes += size;
      }
      storeSummaries.push({ name: store.name, files, bytes });
      log(`Store ${store.name}: ${files} files.`);
    }
    const storeSeconds = since(storeStarted);

    const secretBytes = Buffer.from(secret.value, "utf8");
    entries.push({
      path: SECRET_PATH,
      size: secretBytes.length,
      sha256: await tar.add(SECRET_PATH, secretBytes.length, secretBytes),
    });
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: now.toISOString(),
      app,
      database: { kind, path: dbPath },
      secret: { path: SECRET_PATH, source: secret.source },
      stores: storeSummaries,
      leftOut: LEFT_OUT,
      entries,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, "utf8");
    await tar.add(MANIFEST_PATH, manifestBytes.length, manifestBytes);
    await tar.finish();
    await chmod(partial, 0o600);
    await rename(partial, path);
    return {
      path,
      bytes: tar.bytes,
      manifest,
      vanished,
      seconds: { database: databaseSeconds, stores: storeSeconds, total: since(started) },
    };
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    await rm(dumpFile, { force: true });
    throw error;
  }
}
