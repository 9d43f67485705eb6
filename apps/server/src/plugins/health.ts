import { readFileSync } from "node:fs";
import { join } from "node:path";
import { healthCalls, type Readiness } from "@refrain/domain";
import { sql } from "drizzle-orm";
import { area } from "../context.ts";
import type { Db } from "../db/client.ts";
import { migrationsFolder } from "../db/client.ts";
import { route } from "../route.ts";

/** How many migrations this code ships: the schema is current when the database ran them all. */
const SHIPPED_MIGRATIONS = (
  JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  }
).entries.length;

/** The migrations the database has run (Drizzle's table), or null when it cannot tell. */
async function migrationsRun(db: Db): Promise<number | null> {
  try {
    const result = await db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? null;
  } catch {
    return null;
  }
}

export const healthArea = area("health", ({ app, db, jobs, lifecycle }) => {
  route(app, healthCalls.health, {}, async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
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
