import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
} from "@electric-sql/pglite";
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
 * parses and plans the statement once. Drizzle's PGlite driver drops the name, so
 * `preparingPglite` (db/client.ts wraps PGlite with it) recognises the statement's text and
 * runs it through PGlite's own extended protocol: Parse and Describe once under a name, then
 * Bind, Describe, Execute and Sync in one call, instead of the calls of `PGlite.query` that
 * parse the text anew every time.
 */
export function hot<Q extends { getQuery(): { sql: string } }>(
  name: string,
  build: (db: Db) => { prepare(name: string): Q },
): (db: Db) => Q {
  const prepared = new WeakMap<Db, Q>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = build(db).prepare(name);
      HOT_TEXTS.add(query.getQuery().sql);
      prepared.set(db, query);
    }
    return query;
  };
}

// Texts, not names: the PGlite driver passes only the text to the client.
const HOT_TEXTS = new Set<string>();

interface Statement {
  name: string;
  paramTypes: number[];
}

const PREPARED = new WeakMap<PGlite, Map<string, Statement>>();
const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
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
 * The PGlite client Drizzle is given: `query` runs hot texts as named statements and
 * everything else as PGlite always does. Transactions keep PGlite's own path, so a statement
 * inside one behaves exactly as before.
 */
export function preparingPglite(client: PGlite): PGlite {
  // Per instance, not per wrapper: statement names live in PGlite's one session.
  const statements = PREPARED.get(client) ?? new Map<string, Statement>();
  PREPARED.set(client, statements);
  const locks = client as unknown as PgliteLocks;
  // PGlite merges a query's own parsers into its hundreds of defaults on every call (about
  // 80 µs); Drizzle passes the same parsers object each time, so merge once per object.
  type Parsers = PGlite["parsers"];
  const merged = new WeakMap<object, Parsers>();
  const parsersFor = (options?: QueryOptions): Parsers => {
    if (!options?.parsers) return client.parsers;
    let parsers = merged.get(options.parsers);
    if (!parsers) {
      parsers = { ...client.parsers, ...(options.parsers as Parsers) };
      merged.set(options.parsers, parsers);
    }
    return parsers;
  };

  async function prepare(text: string): Promise<Statement> {
    const name = `hot_${statements.size + 1}`;
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

  async function run<T>(text: string, params: unknown[], options?: QueryOptions) {
    await locks._checkReady();
    return locks._runExclusiveTransaction(() =>
      locks._runExclusiveQuery(async () => {
        const statement = statements.get(text) ?? (await prepare(text));
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
      }),
    );
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === "query") {
        return <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
          HOT_TEXTS.has(text)
            ? run<T>(text, params, options)
            : target.query<T>(text, params, options);
      }
      const value = Reflect.get(target, property, target);
      // PGlite's methods use private fields: they must run on the instance itself.
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
