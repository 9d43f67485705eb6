import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
} from "@electric-sql/pglite";
import { runsInBackground } from "../core/in-background.ts";
import type { Db } from "./client.ts";

/**
 * Hot queries: built once, run as prepared statements on both engines (docs/fast-queries.md).
 *
 * `hot(name, build)` takes a Drizzle query written with `sql.placeholder(...)` for its values
 * and answers a function that gives that query prepared for a database, built the first time
 * and kept:
 *
 *     const classList = hot("roster_class_list", (db) =>
 *       db.select({ id: users.id }).from(users).where(eq(users.teacherId, sql.placeholder("teacherId"))));
 *     const rows = await classList(db).execute({ teacherId });
 *
 * On PostgreSQL, Drizzle's node-postgres driver sends the name, so each pooled connection
 * parses and plans the statement once. Drizzle's PGlite driver drops the name; there every
 * statement is prepared by its text anyway (`preparingPglite`, below).
 */
export function hot<Q>(
  name: string,
  build: (db: Db) => { prepare(name: string): Q },
): (db: Db) => Q {
  const prepared = new WeakMap<Db, Q>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = build(db).prepare(name);
      prepared.set(db, query);
    }
    return query;
  };
}

interface Statement {
  name: string;
  paramTypes: number[];
}

/**
 * Statements stay prepared in PGlite's one session, whichever wrapper prepared them (tests wrap
 * one instance twice): so the names and the texts they hold are kept per instance.
 */
const PREPARED = new WeakMap<PGlite, { statements: Map<string, Statement>; made: number }>();
/** Enough for every query shape the server has, with room: the least recently used go. */
const MAX_STATEMENTS = 500;
// "cached plan must not change result type": a table changed under a prepared statement.
const PLAN_CHANGED = "0A000";
const { serialize } = protocol;

/** Protocol messages as one buffer, so PGlite takes them in one call. */
export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** PGlite's internal locks, which `query` takes: one transaction, then one query, at a time. */
interface PgliteLocks {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * PGlite runs on the server's own thread and answers without a turn of the event loop, so a job
 * awaiting statement after statement (a Friday's weekly report, 70 s of them) kept every request
 * waiting unread in its socket. Background work therefore lets the loop take in what has
 * arrived before each statement: the job queue's own statements (`fairPglite`) and a job's
 * (`inBackground`, in-background.ts, which jobs/index.ts runs every job in). A request's
 * statements do not wait: a request runs through while the job waits for its next turn, so it
 * waits for at most one step of the job, not for the whole job and not for a step between each
 * of its statements.
 */

export function fairPglite(client: PGlite): PGlite {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      // PGlite's methods use private fields: they must run on the instance itself.
      const method = value.bind(target);
      if (property !== "query" && property !== "exec") return method;
      return async (...args: unknown[]) => {
        await yieldToEventLoop();
        return method(...args);
      };
    },
  });
}

/**
 * The PGlite client Drizzle is given. `PGlite.query` parses every statement anew in six calls
 * into PostgreSQL and merges the query's type parsers into its hundreds of defaults each time
 * (about 80 µs alone). Here each text is prepared once under a name (Parse and Describe), then
 * run with Bind, Describe, Execute and Sync in one call, with Drizzle's parsers merged once per
 * parsers object. Statements in a transaction keep PGlite's own path (its transaction object),
 * so they behave exactly as before.
 */
export function preparingPglite(client: PGlite): PGlite {
  const state = PREPARED.get(client) ?? { statements: new Map<string, Statement>(), made: 0 };
  PREPARED.set(client, state);
  const { statements } = state;
  const locks = client as unknown as PgliteLocks;
  type Parsers = PGlite["parsers"];
  // Drizzle gives every query object parsers of its own, but always the same ones: each passes
  // a date, time or numeric array's text through unchanged. Merged once per set of types, not per
  // query object: spreading the hundreds of defaults for each took 7 of the API suite's CPU-s.
  const merged = new Map<string, Parsers>();
  const parsersFor = (options?: QueryOptions): Parsers => {
    if (!options?.parsers) return client.parsers;
    const types = Object.keys(options.parsers).join();
    let parsers = merged.get(types);
    if (!parsers) {
      parsers = { ...client.parsers, ...(options.parsers as Parsers) };
      merged.set(types, parsers);
    }
    return parsers;
  };

  async function forget(text: string) {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    await client.execProtocolStream(
      concat([serialize.close({ type: "S", name: statement.name }), serialize.sync()]),
      { syncToFs: false },
    );
  }

  async function prepared(text: string): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      // Most recently used last, so the first is the one to let go.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    if (statements.size >= MAX_STATEMENTS) {
      const oldest = statements.keys().next().value;
      if (oldest !== undefined) await forget(oldest);
    }
    const name = `q${++state.made}`;
    const messages = await client.execProtocolStream(
      concat([
        serialize.parse({ name, text }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    return statement;
  }

  async function execute<T>(text: string, params: unknown[], options?: QueryOptions) {
    const statement = await prepared(text);
    const values = params.map((value, i) => {
      if (value == null) return null;
      const type = statement.paramTypes[i] as number;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await client.execProtocolStream(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const { parsers: _, ...rest } = options ?? {};
    const result = parse.parseResults(messages, parsersFor(options), rest)[0] as Results<T>;
    // A write reaches PGlite's files as its own `query` would make it.
    if (!client.isInTransaction() && result.command !== "SELECT") await client.syncToFs();
    return result;
  }

  async function run<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
    if (runsInBackground()) await yieldToEventLoop();
    await locks._checkReady();
    return locks._runExclusiveTransaction(() =>
      locks._runExclusiveQuery(async () => {
        try {
          return await execute<T>(text, params, options);
        } catch (error) {
          if ((error as { code?: string }).code !== PLAN_CHANGED) throw error;
          await forget(text);
          return execute<T>(text, params, options);
        }
      }),
    );
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return run;
      const value = Reflect.get(target, property, target);
      // PGlite's methods use private fields: they must run on the instance itself.
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
