/**
 * The large world's learning history (apps/server/src/demo/history.ts): rows per
 * table, and the district page's "time on task per kind for one school, last 30 days and since
 * 1 July" query, timed and explained. `historyReport` runs on any database (run.ts calls it
 * for PGlite and PostgreSQL after seeding); `node bench/history.ts` builds the large world on
 * PGlite in a temporary directory and also times the history's generation on its own.
 */
import { schoolYearStart } from "@refrain/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../apps/server/src/db/client.ts";
import { generateHistory } from "../apps/server/src/demo/history.ts";
import { buildLargeWorld, runIfMain, withBenchDatabase } from "./bench-setup.ts";
import { rows } from "./db-tools.ts";

const TABLES = [
  "assignments",
  "read_alongs",
  "exam_attempts",
  "extension_responses",
  "time_on_task",
] as const;
const RUNS = 20;

/** The query the district page will run: both sums in one range scan of the school's days. */
function schoolTimeQuery(schoolId: number, now: Date) {
  const last30 = new Date(now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  const year = schoolYearStart(now);
  return sql`
    select kind,
      coalesce(sum(seconds) filter (where day >= ${last30}::date), 0)::bigint as last_30_days,
      coalesce(sum(seconds) filter (where day >= ${year}::date), 0)::bigint as school_year
    from time_on_task
    where school_id = ${schoolId} and day >= least(${last30}::date, ${year}::date)
    group by kind
    order by kind`;
}

export interface HistoryReport {
  counts: Record<string, number>;
  schoolId: number;
  sums: { kind: string; last_30_days: string | number; school_year: string | number }[];
  medianMs: number;
  plan: string[];
}

/** Counts, the query's median time over 20 warm runs, and its EXPLAIN ANALYZE. */
export async function historyReport(db: Db, now = new Date()): Promise<HistoryReport> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    counts[table] = row?.n ?? 0;
  }
  // The school with the most students: the heaviest one a district page asks about.
  const [school] = await rows<{ id: number }>(
    db,
    sql`select school_id as id from time_on_task where school_id is not null
        group by school_id order by count(*) desc, school_id limit 1`,
  );
  if (!school) throw new Error("No time on task with a school: was the history generated?");
  const query = schoolTimeQuery(school.id, now);
  const sums = await rows<HistoryReport["sums"][number]>(db, query);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await db.execute(query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const plan = (
    await rows<{ "QUERY PLAN": string }>(db, sql`explain (analyze, buffers) ${query}`)
  ).map((r) => r["QUERY PLAN"]);
  if (!plan.some((line) => line.includes("time_on_task_school_day_idx")))
    throw new Error(`The school's time query does not use its index:\n${plan.join("\n")}`);
  return { counts, schoolId: school.id, sums, medianMs: times[RUNS >> 1] as number, plan };
}

export function printReport(engine: string, report: HistoryReport) {
  console.log(`\n${engine}: history rows`);
  for (const [table, n] of Object.entries(report.counts))
    console.log(`  ${table.padEnd(20)} ${n.toLocaleString("en-US").padStart(10)}`);
  console.log(
    `  time on task of school ${report.schoolId}, per kind (seconds, last 30 days / school year):`,
  );
  for (const s of report.sums)
    console.log(
      `    ${s.kind.padEnd(18)} ${String(s.last_30_days).padStart(10)} ${String(s.school_year).padStart(12)}`,
    );
  console.log(`  query median of ${RUNS}: ${report.medianMs.toFixed(2)} ms; plan:`);
  for (const line of report.plan) console.log(`    ${line}`);
}

runIfMain(import.meta.url, () =>
  withBenchDatabase("history", async (database) => {
    await buildLargeWorld(database.db, "large world with its history");
    // The history again on its own: cleared (with the earlier lessons it added) and remade.
    const now = new Date();
    await database.db.execute(sql`
      delete from assignments where assigned_at < ${new Date(now.getTime() - 37 * 86_400_000).toISOString()}::timestamptz;
      `);
    for (const table of TABLES.slice(1))
      await database.db.execute(sql`delete from ${sql.identifier(table)}`);
    const started = performance.now();
    const counts = await generateHistory(database.db, "large", now);
    console.log(
      `history alone: ${((performance.now() - started) / 1000).toFixed(1)} s`,
      JSON.stringify(counts),
    );
    printReport("PGlite", await historyReport(database.db, now));
  }),
);
