/**
 * The set-up the database benches share: a fresh PGlite database in a temporary directory with
 * the large world on it, the plan lines worth printing, and how a bench file runs when node
 * starts it. Each bench keeps only what it measures.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { AuthUser } from "../apps/server/src/core/context.ts";
import { type Db, openDatabase } from "../apps/server/src/db/client.ts";
import { generateWorld } from "../apps/server/src/demo/index.ts";
import { rows } from "./db-tools.ts";

/** The secret the benches' worlds are made with: any 32 characters do, none of it is kept. */
export const BENCH_SECRET = "bench-secret-bench-secret-0123456789";

export type BenchDatabase = Awaited<ReturnType<typeof openDatabase>>;

/**
 * Runs `bench` on a migrated PGlite database in a new temporary directory (`refrain-bench-<name>-…`),
 * then closes the database and removes the directory, whether the bench succeeded or not.
 */
export async function withBenchDatabase(
  name: string,
  bench: (database: BenchDatabase, dataDir: string) => Promise<void>,
) {
  const dataDir = mkdtempSync(join(tmpdir(), `refrain-bench-${name}-`));
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await bench(database, dataDir);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Builds the large world and prints how long it took, under `label`. */
export async function buildLargeWorld(db: Db, label = "large world") {
  const started = performance.now();
  await generateWorld(db, { APP_SECRET: BENCH_SECRET }, "large");
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** A district's admin as the services see the caller, for benches that call them directly. */
export function districtAdminOf(districtId: number): AuthUser {
  return {
    id: 0,
    role: "district_admin",
    username: "bench",
    firstName: "",
    lastName: "",
    schoolId: null,
    districtId,
    teacherId: null,
  };
}

/** The lines of `statement`'s EXPLAIN ANALYZE that match `keep` (scans, joins, the total time). */
export async function explainLines(db: Db, statement: SQL, keep: RegExp): Promise<string[]> {
  const plan = await rows<{ "QUERY PLAN": string }>(
    db,
    sql`explain (analyze, buffers off, costs off) ${statement}`,
  );
  return plan.map((r) => r["QUERY PLAN"]).filter((line) => keep.test(line));
}

/** Runs `main` when node started the file whose `import.meta.url` is `url`, not when imported. */
export function runIfMain(url: string, main: () => Promise<void>) {
  if (url !== `file://${process.argv[1]}`) return;
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

/**
 * A server's settings that keep its first-start work (lesson tracks, demo recordings, videos,
 * speech recognition) from running under what a bench measures, with the jobs in the server as
 * they are by default (and must be on PGlite).
 */
export const NO_BACKGROUND_WORK = {
  LESSON_TRACKS: "off",
  DEMO_RECORDINGS: "off",
  TUTORIAL_VIDEOS: "off",
  TUTOR_VIDEOS: "off",
  ASR_PROVIDER: "none",
  JOBS_IN_PROCESS: "true",
} as const;

/**
 * Starts a PostgreSQL server on `pgDataDir` listening on `port` (scripts/local-postgres.sh), and
 * gives its administrator's connection URL.
 */
export function startPostgres(pgDataDir: string, port: string): string {
  const script = new URL("../scripts/local-postgres.sh", import.meta.url).pathname;
  return execFileSync(script, [pgDataDir, port], { encoding: "utf8" })
    .trim()
    .split("\n")
    .pop() as string;
}

/** Makes the database `name` afresh on the server `adminUrl` reaches: its connection URL. */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Stops the PostgreSQL server scripts/local-postgres.sh started on `pgDataDir`. */
export function stopPostgres(pgDataDir: string) {
  execFileSync(
    "bash",
    [
      "-c",
      `runuser -u postgres -- pg_ctl -D ${pgDataDir} stop -m fast 2>/dev/null || pg_ctl -D ${pgDataDir} stop -m fast`,
    ],
    { stdio: "ignore" },
  );
}

/** Median and slowest of `runs` warm runs of `work` (one run first to warm it), in ms. */
export async function timedRuns(work: () => Promise<unknown>, runs: number) {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[runs >> 1] as number, max: times[runs - 1] as number };
}
