import { z } from "zod";

/**
 * What a backup archive holds and how a restore checks it (README, "Backups and restores"): the
 * database's dump, every file of every store, the app secret and, last, `manifest.json` naming
 * each of them with its size and SHA-256. Pure: the archive's reading and writing is elsewhere.
 */

export const FORMAT = "refrain-backup";
export const FORMAT_VERSION = 1;
export const MANIFEST_PATH = "manifest.json";
export const SECRET_PATH = "app-secret";

export type DatabaseKind = "pglite" | "postgres";

/** The database's dump: PGlite's own (its data directory, gzipped tar) or pg_dump's custom format. */
export const databasePath = (kind: DatabaseKind) =>
  kind === "pglite" ? "database/pglite-datadir.tar.gz" : "database/postgres.dump";

const STORES = "stores/";
export const storePath = (store: string, key: string) => `${STORES}${store}/${key}`;

/** The store and key of a store file's path, or null for any other path. */
export function parseStorePath(path: string): { store: string; key: string } | null {
  if (!path.startsWith(STORES)) return null;
  const rest = path.slice(STORES.length);
  const slash = rest.indexOf("/");
  if (slash <= 0 || slash === rest.length - 1) return null;
  return { store: rest.slice(0, slash), key: rest.slice(slash + 1) };
}

/**
 * A path that stays where it is put: relative, "/"-separated, no empty, "." or ".." segment, no
 * backslash or control character. Storage keys and archive paths both must be.
 */
export function isSafePath(path: string) {
  if (path === "" || path.startsWith("/") || path.includes("\\")) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\x00-\x1f\x7f]/.test(path)) return false;
  return path.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, "must be a SHA-256 in hex");
const count = z.number().int().min(0);

export const manifestEntry = z.object({ path: z.string(), size: count, sha256 });
export type ManifestEntry = z.infer<typeof manifestEntry>;

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  /** The schema the dump has: how many of the shipped migrations it ran, and the last one. */
  app: z.object({ migrations: count, latestMigration: z.string().nullable() }),
  database: z.object({ kind: z.enum(["pglite", "postgres"]), path: z.string() }),
  /** Where the backed-up server took its secret from: its environment or DATA_DIR/app-secret. */
  secret: z.object({ path: z.literal(SECRET_PATH), source: z.enum(["environment", "file"]) }),
  stores: z.array(
    z.object({ name: z.string().regex(/^[a-z][a-z0-9-]*$/), files: count, bytes: count }),
  ),
  /** What the archive deliberately does not hold, in words, for whoever reads it. */
  leftOut: z.array(z.string()),
  entries: z.array(manifestEntry),
});
export type Manifest = z.infer<typeof manifestSchema>;

/**
 * The manifest in `text`, or the reason it is not one this version reads (a newer format
 * version is named as such).
 */
export function parseManifest(text: string): { manifest: Manifest } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: "manifest.json is not JSON" };
  }
  const head = json as { format?: unknown; version?: unknown };
  if (head?.format !== FORMAT) return { problem: "manifest.json is not a Refrain backup's" };
  if (typeof head.version === "number" && head.version > FORMAT_VERSION)
    return {
      problem: `the archive's format version ${head.version} is newer than this Refrain reads (${FORMAT_VERSION}): restore it with the version that made it`,
    };
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problem: `manifest.json is malformed at ${issue?.path.join(".")}: ${issue?.message}` };
  }
  return { manifest: parsed.data };
}

/** What reading an archive found: each entry's size and SHA-256, in order. */
export type SeenEntries = Map<string, { size: number; sha256: string }>;

/**
 * Everything wrong with an archive against its manifest, empty when it is whole: the entries the
 * manifest names and the archive lacks or holds changed, the entries it holds that the manifest
 * does not name, the paths that would leave their place, and the parts a restore needs. `seen`
 * excludes manifest.json itself; `duplicates` are paths the archive held twice.
 */
export function archiveProblems(
  manifest: Manifest,
  seen: SeenEntries,
  duplicates: string[] = [],
): string[] {
  const problems: string[] = [];
  const named = new Set<string>();
  const storeNames = new Set(manifest.stores.map((s) => s.name));
  for (const path of duplicates) problems.push(`${path} appears twice in the archive`);
  for (const entry of manifest.entries) {
    if (named.has(entry.path)) problems.push(`${entry.path} is named twice in the manifest`);
    named.add(entry.path);
    if (!isSafePath(entry.path)) {
      problems.push(`${entry.path} is not a safe path`);
      continue;
    }
    const store = parseStorePath(entry.path);
    const known =
      entry.path === manifest.database.path ||
      entry.path === manifest.secret.path ||
      (store !== null && storeNames.has(store.store));
    if (!known) problems.push(`${entry.path} is not a part of a backup`);
    const found = seen.get(entry.path);
    if (!found) problems.push(`${entry.path} is missing from the archive`);
    else if (found.size !== entry.size)
      problems.push(`${entry.path} has ${found.size} bytes, the manifest says ${entry.size}`);
    else if (found.sha256 !== entry.sha256)
      problems.push(`${entry.path} does not match its checksum`);
  }
  for (const path of seen.keys())
    if (!named.has(path)) problems.push(`${path} is in the archive but not in the manifest`);
  if (manifest.database.path !== databasePath(manifest.database.kind))
    problems.push(`the database dump should be ${databasePath(manifest.database.kind)}`);
  for (const part of [manifest.database.path, manifest.secret.path])
    if (!named.has(part)) problems.push(`the manifest names no ${part}`);
  for (const store of manifest.stores) {
    const files = manifest.entries.filter((e) => parseStorePath(e.path)?.store === store.name);
    const bytes = files.reduce((sum, e) => sum + e.size, 0);
    if (files.length !== store.files || bytes !== store.bytes)
      problems.push(
        `the store ${store.name} should hold ${store.files} files of ${store.bytes} bytes`,
      );
  }
  return problems;
}

/**
 * Why this code cannot take the archive's database, or null when it can: another kind of
 * database than the target's, or a schema from a newer version (a migration this code lacks).
 * An older schema is fine: the restore runs the migrations it misses.
 */
export function compatibilityProblem(
  manifest: Pick<Manifest, "app" | "database">,
  target: { kind: DatabaseKind; shippedMigrations: string[] },
): string | null {
  const { kind } = manifest.database;
  if (kind !== target.kind)
    return kind === "pglite"
      ? "the archive holds a PGlite database, but DATABASE_URL is set: unset it to restore into DATA_DIR"
      : "the archive holds a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it";
  const { migrations, latestMigration } = manifest.app;
  const shipped = target.shippedMigrations;
  if (
    migrations > shipped.length ||
    (migrations > 0 && shipped[migrations - 1] !== latestMigration)
  )
    return `the archive's database ran migration ${latestMigration ?? "(none)"}, which this version of Refrain does not have: restore it with the version that made it, or a newer one`;
  return null;
}

/** "1.2 GB", "340 kB": sizes in the summaries. */
export function formatBytes(bytes: number) {
  const units = ["bytes", "kB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
