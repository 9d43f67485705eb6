import { randomUUID } from "node:crypto";
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
import type { Config } from "../config.ts";
import { preparingPglite } from "./prepared.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** What every service receives: a Drizzle database, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of a raw `db.execute(sql…)`, as both drivers answer it, typed as the query selects. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * Subscribes to a PostgreSQL notification channel: `onNotice` gets each payload, `onLost` is
 * called when notices may have been missed: when the listening connection drops (it
 * reconnects) and again once it listens anew.
 */
export type Listen = (
  channel: string,
  onNotice: (payload: string) => void,
  onLost: () => void,
) => Promise<Listener>;

export interface Listener {
  /**
   * Resolves once every notice committed before the call has reached `onNotice` (or after a
   * second, when the connection is down: the caller's own bound then applies).
   */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Runs `work` alone among the processes on this database (PostgreSQL's advisory lock; PGlite
   * has one process): what every process does at start, once.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Runs a raw SQL script (several statements, no parameters). */
  exec(sql: string): Promise<void>;
  /**
   * How the job queue (jobs/index.ts) reaches the same database: PGlite's one instance, shared,
   * or PostgreSQL's URL, for a pool of its own that can hold a LISTEN connection, and how long
   * its connections may take to open (the app's own setting, when it has one).
   */
  connection: { pglite: PGlite } | { url: string; connectTimeoutMillis?: number };
  listen: Listen;
}

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite({ client: preparingPglite(client), schema });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    exclusively: (work) => work(),
    close: () => client.close(),
    exec: async (sql) => {
      await client.exec(sql);
    },
    connection: { pglite: client },
    // One instance, which hands a notice to its listeners before the statement that sent it
    // returns: nothing is ever in flight.
    listen: async (channel, onNotice) => {
      const unlisten = await client.listen(channel, onNotice);
      return { settle: async () => undefined, stop: () => unlisten() };
    },
  };
}

/**
 * How the app's pool meets a database that goes away: a query waits `connectTimeoutSeconds` at
 * most for a connection (to open one, or for one of the pool's to free up) and a statement runs
 * `statementTimeoutSeconds` at most, so a request fails soon (503, plugins/errors.ts) rather
 * than hanging. Unset, node-postgres's defaults: no limit.
 */
export interface PoolTimeouts {
  connectTimeoutSeconds?: number;
  /** 0 or unset: no statement_timeout. */
  statementTimeoutSeconds?: number;
}

/** A pool of connections to PostgreSQL for the app's queries (`fromPool` makes it a Database). */
export function postgresPool(url: string, opts: PoolTimeouts & { max?: number } = {}): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    ...(opts.connectTimeoutSeconds && {
      connectionTimeoutMillis: opts.connectTimeoutSeconds * 1000,
    }),
    ...(opts.statementTimeoutSeconds && {
      statement_timeout: opts.statementTimeoutSeconds * 1000,
    }),
    // A server that vanished without closing its sockets is noticed by the kernel's probes.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
}

/** The advisory lock that servers and workers starting together take turns with. */
const STARTUP_LOCK = 7_251_022;

/**
 * Runs `work` while this process holds the startup lock, on a connection of its own that holds
 * it: app servers and workers started together (a rolling deploy, compose's replicas) migrate
 * and make the demo world one at a time, and each next one finds the work done. Ending the
 * connection releases the lock, however `work` ended.
 */
async function exclusively<T>(url: string, work: (own: pg.Client) => Promise<T>): Promise<T> {
  const own = new pg.Client({ connectionString: url });
  own.on("error", () => undefined);
  await own.connect();
  try {
    await own.query("select pg_advisory_lock($1)", [STARTUP_LOCK]);
    return await work(own);
  } finally {
    await own.end();
  }
}

export function fromPool(pool: pg.Pool): Database {
  const url = pool.options.connectionString;
  if (!url) throw new Error("A PostgreSQL pool must be made from a connection string");
  // An idle connection the server ends (a restart's "terminating connection due to
  // administrator command", a dropped network) is an 'error' event on the pool, which unheard
  // would end the process. The pool has already discarded that connection; the next query opens
  // a new one, or fails as a request's error (503 while the server is away).
  pool.on("error", () => undefined);
  const db = drizzlePg({ client: pool, schema });
  const connectTimeoutMillis = pool.options.connectionTimeoutMillis || undefined;
  return {
    db: db as unknown as Db,
    kind: "postgres",
    // On a connection of its own, without the pool's statement_timeout: a migration that builds
    // an index on a large table may take longer than any request should.
    migrate: () =>
      exclusively(url, async (own) => {
        await migratePg(drizzlePg({ client: own }), { migrationsFolder });
      }),
    exclusively: (work) => exclusively(url, () => work()),
    close: () => pool.end(),
    exec: async (sql) => {
      await pool.query(sql);
    },
    connection: { url, ...(connectTimeoutMillis && { connectTimeoutMillis }) },
    listen: (channel, onNotice, onLost) =>
      listenOnPostgres({ url, connectTimeoutMillis }, channel, onNotice, onLost),
  };
}

const MARKER = "settle:";

/**
 * A connection of its own that LISTENs (a pooled one would be handed to other queries). When
 * it drops, notices may be lost: `onLost` is told, and it connects again after a second,
 * until stopped.
 */
async function listenOnPostgres(
  server: { url: string; connectTimeoutMillis?: number },
  channel: string,
  onNotice: (payload: string) => void,
  onLost: () => void,
): Promise<Listener> {
  let client: pg.Client | undefined;
  // PostgreSQL delivers notices in commit order: once a marker sent after a change arrives,
  // the change's own notice has arrived before it.
  const markers = new Map<string, () => void>();
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({
      connectionString: server.url,
      connectionTimeoutMillis: server.connectTimeoutMillis,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let lost = false;
    const reconnect = () => {
      if (stopped || lost) return;
      lost = true;
      onLost();
      retry = setTimeout(() => connect().catch(() => undefined), 1000);
    };
    c.on("notification", (n) => {
      if (n.channel !== channel) return;
      const payload = n.payload ?? "";
      // Markers are for the process that sent them: another's is no notice here.
      if (payload.startsWith(MARKER)) markers.get(payload)?.();
      else onNotice(payload);
    });
    c.on("error", reconnect);
    c.on("end", reconnect);
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      reconnect();
      c.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      // Stopped while this retry was connecting: nothing may stay open after stop().
      await c.end();
      return;
    }
    // Listening again after a drop: whatever was kept while deaf is forgotten too.
    if (client) onLost();
    client = c;
  };
  try {
    await connect();
  } catch (error) {
    // Not listening at all is a start-up failure, not something to retry behind the caller's back.
    stopped = true;
    clearTimeout(retry);
    throw error;
  }
  return {
    async settle() {
      const marker = `${MARKER}${randomUUID()}`;
      let timer: NodeJS.Timeout | undefined;
      // A second at most, sending included: a half-open connection must not hold a sign-out.
      const second = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, 1000);
      });
      const arrived = new Promise<void>((resolve) => markers.set(marker, resolve));
      // A connection that is down fails the send: onLost has emptied the cache already.
      const sent = client?.query("select pg_notify($1, $2)", [channel, marker]);
      const done = Promise.all([sent, arrived]).catch(() => undefined);
      try {
        await Promise.race([second, done]);
      } finally {
        clearTimeout(timer);
        markers.delete(marker);
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end();
    },
  };
}

/** PostgreSQL when `databaseUrl` is set, otherwise PGlite files in `<dataDir>/pg`. */
export async function openDatabase(
  opts: {
    databaseUrl?: string;
    dataDir: string;
  } & PoolTimeouts,
): Promise<Database> {
  if (opts.databaseUrl) {
    const database = fromPool(postgresPool(opts.databaseUrl, opts));
    try {
      await database.exec("select 1");
    } catch (error) {
      await database.close();
      throw error;
    }
    return database;
  }
  const dir = join(opts.dataDir, "pg");
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  return fromPglite(client);
}

/** The configured database of an app server or the worker, its pool bounded by the timeouts. */
export function openServerDatabase(config: Config): Promise<Database> {
  return openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    connectTimeoutSeconds: config.DATABASE_CONNECT_TIMEOUT_SECONDS,
    statementTimeoutSeconds: config.DATABASE_STATEMENT_TIMEOUT_SECONDS,
  });
}

/**
 * Runs a command-line tool's `work` on the configured database once it is migrated, and closes
 * it however the work ends. Without the servers' pool timeouts: a tool waits for its statements.
 */
export async function withMigratedDatabase<T>(
  config: Config,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}
