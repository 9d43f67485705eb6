import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";

/**
 * Runs several queries of `db` and answers with their rows in order: beside each other on the
 * pool (each takes a connection of its own, so a page's reads cost one round trip), one after
 * another in a transaction, whose single connection runs one query at a time (pg queues the
 * others with a deprecation warning today, and pg@9 refuses them). Drizzle's queries start
 * when awaited, so they are given as they are built.
 */
export async function readAll<const T extends readonly PromiseLike<unknown>[]>(
  db: Db,
  queries: T,
): Promise<RowsOf<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(queries)) as RowsOf<T>;
  const rows: unknown[] = [];
  for (const query of queries) rows.push(await query);
  return rows as RowsOf<T>;
}

/** Each query's rows, in the queries' order. */
type RowsOf<T extends readonly PromiseLike<unknown>[]> = {
  -readonly [K in keyof T]: Awaited<T[K]>;
};
