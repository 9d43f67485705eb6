import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** What every service receives: a Drizzle database, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), "migrations");

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Runs a raw SQL script (several statements, no parameters). */
  exec(sql: string): Promise<void>;
  /**
   * How the job queue (jobs/index.ts) reaches the same database: PGlite's one instance, shared,
   * or PostgreSQL's URL, for a pool of its own that can hold a LISTEN connection.
   */
  connection: { pglite: PGlite } | { url: string };
}

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    exec: async (sql) => {
      await client.exec(sql);
    },
    connection: { pglite: client },
  };
}

export function fromPool(pool: pg.Pool): Database {
  const url = pool.options.connectionString;
  if (!url) throw new Error("A PostgreSQL pool must be made from a connection string");
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: "postgres",
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
    exec: async (sql) => {
      await pool.query(sql);
    },
    connection: { url },
  };
}

/** PostgreSQL when `databaseUrl` is set, otherwise PGlite files in `<dataDir>/pg`. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    await pool.query("select 1");
    return fromPool(pool);
  }
  const dir = join(opts.dataDir, "pg");
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  return fromPglite(client);
}
