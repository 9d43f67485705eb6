import { readFileSync } from "node:fs";
import { join } from "node:path";
import { healthCalls, type Readiness } from "@refrain/domain";
import { sql } from "drizzle-orm";
import { area } from "../core/context.ts";
import { route } from "../core/route.ts";
import type { Db } from "../db/client.ts";
import { migrationsFolder } from "../db/client.ts";

/** How many migrations this code ships: the schema is current when the database ran them all. */
const SHIPPED_MIGRATIONS = (
  JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  }
).entries.length;

/**
 * How long a health check waits for the database: a probe must answer within its own timeout
 * (a second or a few), and a database that takes longer is not serving requests either.
 */
export const HEALTH_DB_TIMEOUT_MS = 2000;

/** The query's answer, or a rejection once `HEALTH_DB_TIMEOUT_MS` has passed. */
async function promptly<T>(query: PromiseLike<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error("the database did not answer in time")),
      HEALTH_DB_TIMEOUT_MS,
    );
  });
  // Drizzle's query runs each time it is awaited: once here. One that fails after the deadline
  // has no one left to tell.
  const running = Promise.resolve(query);
  running.catch(() => undefined);
  try {
    return await Promise.race([running, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The migrations the database has run (Drizzle's table), or null when it cannot tell. */
async function migrationsRun(db: Db): Promise<number | null> {
  try {
    const result = await promptly(
      db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? null;
  } catch {
    return null;
  }
}

export const healthArea = area("health", ({ app, db, jobs, lifecycle }) => {
  route(app, healthCalls.health, {}, async (_request, reply) => {
    try {
      await promptly(db.execute(sql`select 1`));
      return { status: "ok" as const, database: "ok" as const };
    } catch {
      reply.code(503);
      return { status: "unavailable" as const, database: "unreachable" as const };
    }
  });

  // The process answers at all: nothing it depends on is asked, so a database outage never
  // makes a supervisor restart servers that would only wait for it again.
  route(app, healthCalls.live, {}, async () => ({ status: "ok" as const }));

  route(app, healthCalls.ready, {}, async (_request, reply) => {
    const run = await migrationsRun(db);
    const readiness: Readiness = {
      ready: false,
      database: run === null ? "unreachable" : "ok",
      migrations: run === null ? "unknown" : run >= SHIPPED_MIGRATIONS ? "current" : "behind",
      queue: jobs.running() ? "running" : "stopped",
      draining: lifecycle.draining,
    };
    readiness.ready =
      readiness.migrations === "current" && readiness.queue === "running" && !readiness.draining;
    if (!readiness.ready) reply.code(503);
    return readiness;
  });
});
