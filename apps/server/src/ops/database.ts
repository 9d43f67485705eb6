import { spawn } from "node:child_process";
import { existsSync, openAsBlob, readdirSync, readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Db, migrationsFolder } from "../db/client.ts";

/**
 * The database's part of a backup: PGlite's own dump of its data directory, or pg_dump's custom
 * format from PostgreSQL, and loading them back into an empty target.
 */

/** The migrations this code ships, in order (their tags). */
export function shippedMigrations(): string[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8"));
  return (journal as { entries: { tag: string }[] }).entries.map((e) => e.tag);
}

/** How far the database's schema is: the migrations it ran (Drizzle's table) and the last one. */
export async function migrationLevel(db: Db) {
  const journal = (
    JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
      entries: { tag: string; when: number }[];
    }
  ).entries;
  const result = await db.execute(
    sql`select created_at::text as "when" from drizzle.__drizzle_migrations order by created_at`,
  );
  const rows = (result as unknown as { rows: { when: string }[] }).rows;
  const last = rows.at(-1);
  const latestMigration = last
    ? (journal.find((e) => e.when === Number(last.when))?.tag ??
      `a migration of ${new Date(Number(last.when)).toISOString()}`)
    : null;
  return { migrations: rows.length, latestMigration };
}

/** PGlite's data directory as a gzipped tar, taken between transactions. */
export function dumpPglite(client: PGlite): Promise<Blob> {
  return client._runExclusiveTransaction(() => client.dumpDataDir("gzip"));
}

/** A PGlite data directory made from its dump, opened; `dir` must not hold one already. */
export async function loadPglite(dir: string, dumpFile: string): Promise<PGlite> {
  await mkdir(dir, { recursive: true });
  return PGlite.create(dir, { loadDataDir: await openAsBlob(dumpFile) });
}

/** Whether a PGlite data directory is there at all (a folder with anything in it). */
export const pgliteExists = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/** PGlite writes postmaster.pid while it has the directory open and removes it at close. */
export const pgliteOpen = (dir: string) => existsSync(join(dir, "postmaster.pid"));

/** A client program of PostgreSQL: the one on PATH, else Debian's newest under /usr/lib/postgresql. */
export function pgTool(name: "pg_dump" | "pg_restore"): string {
  for (const dir of (process.env.PATH ?? "").split(":"))
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const path = join(root, version, "bin", name);
    if (existsSync(path)) return path;
  }
  throw new Error(
    `${name} was not found: install PostgreSQL's client programs (Debian: postgresql-client), at least the server's version`,
  );
}

/**
 * The URL a client program is given, without its password, which goes in PGPASSWORD: a command
 * line is visible to every user of the machine (`ps`), the environment is not.
 */
export function toolConnection(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** The server and database of a URL, to print: never its user or password. */
export function describeUrl(url: string) {
  const parsed = new URL(url);
  return `PostgreSQL ${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname}`;
}

function run(tool: "pg_dump" | "pg_restore", args: string[], url: string): Promise<void> {
  const { dbname, env } = toolConnection(url);
  const child = spawn(pgTool(tool), [...args, "--no-password", `--dbname=${dbname}`], {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, ...env },
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (text: string) => {
    if (stderr.length < 20_000) stderr += text;
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (exit code ${code}): ${stderr.trim()}`));
    });
  });
}

/** pg_dump's custom format of the whole database (every schema: the app's, Drizzle's, the job queue's). */
export const dumpPostgres = (url: string, file: string) =>
  run("pg_dump", ["--format=custom", `--file=${file}`], url);

/**
 * The dump loaded into an empty database, in one transaction, owned by whoever restores it (the
 * roles of the backed-up server need not exist here).
 */
export const loadPostgres = (url: string, file: string) =>
  run(
    "pg_restore",
    ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", file],
    url,
  );

/** What a PostgreSQL database already holds besides an empty public schema: none when empty. */
export async function postgresContents(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ what: string }>(`
      select 'schema ' || nspname as what from pg_namespace
      where nspname not in ('public', 'information_schema') and nspname not like 'pg\\_%'
      union all
      select 'table ' || n.nspname || '.' || c.relname from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      limit 5`);
    return rows.map((r) => r.what);
  } finally {
    await client.end();
  }
}
