/**
 * The district summary page (the district admin's home) on PGlite and on PostgreSQL:
 * `node bench/district.ts` (BENCH_ENGINES=pglite or postgres for one) builds the large world in a
 * temporary database, then copies it into a district of 20,000 students (40 schools) and one of
 * 200,000 (400 schools) with a year of history each (world-tenfold.ts). For the large world's
 * largest district and for both copies it times, as the district's admin and without HTTP:
 *
 * - the page as it asked before issue 40: the school list, then every school's breakdown at once
 *   (one `GET /district_admin/school_breakdown/:id` per school);
 * - the page as it asks now: `districtSummary`'s first page (`GET /district_admin/summary/:id`),
 *   the district's totals and 25 schools, what the admin waits for; with the totals kept, and
 *   with them added up again (a minute later, as the first view of each minute finds them);
 * - every page of schools one after another, as the page then loads them;
 * - one breakdown of the largest school, what opening a school asks;
 * - the district search for "an", which must read the district's students only.
 *
 * Then it prints the EXPLAIN ANALYZE key lines of the summary's reads on the largest district.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DISTRICT_SUMMARY_PAGE_SIZE } from "@refrain/domain";
import { type SQL, sql } from "drizzle-orm";
import {
  DISTRICT_TOTALS_STAND_MS,
  districtSummary,
} from "../apps/server/src/areas/admin/district-summary.ts";
import { searchDistrict } from "../apps/server/src/areas/admin/people.ts";
import { listDistrictSchools } from "../apps/server/src/areas/admin/service.ts";
import { schoolBreakdown } from "../apps/server/src/areas/admin/usage.ts";
import { type Db, openDatabase } from "../apps/server/src/db/client.ts";
import {
  buildLargeWorld,
  districtAdminOf,
  explainLines,
  freshDatabase,
  runIfMain,
  startPostgres,
  stopPostgres,
  timedRuns,
} from "./bench-setup.ts";
import { rows, spying } from "./db-tools.ts";
import { buildTenfoldDistrict } from "./world-tenfold.ts";

const ENGINES = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",");
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The large world's district with the most students. */
async function largestDistrict(db: Db): Promise<number> {
  const [district] = await rows<{ id: number }>(
    db,
    sql`select sc.district_id as id from users u join users t on t.id = u.teacher_id
        join schools sc on sc.id = t.school_id
        where u.role = 'student' and sc.district_id is not null
        group by sc.district_id order by count(*) desc, sc.district_id limit 1`,
  );
  if (!district) throw new Error("The large world has no district with students");
  return district.id;
}

/** The three measures of one district, as rows of the table printed at the end. */
async function measure(db: Db, engine: string, districtId: number) {
  const admin = districtAdminOf(districtId);
  const { schools } = await listDistrictSchools(db, districtId, districtId);
  const students = schools.reduce((n, s) => n + s.students, 0);
  const [biggest] = [...schools].sort((a, b) => b.students - a.students);
  if (!biggest) throw new Error("The district has no schools");
  const before = async () => {
    const list = await listDistrictSchools(db, districtId, districtId);
    await Promise.all(list.schools.map((s) => schoolBreakdown(db, admin, s.id, {})));
  };
  // Each run a minute after the one before, so that none finds the totals standing.
  let later = Date.now();
  // The old shape asks a breakdown per school: a few runs are enough to see it.
  const runs = schools.length > 100 ? 3 : 10;
  const results = {
    [`before: list + ${schools.length} breakdowns at once (${runs} runs)`]: await timedRuns(
      before,
      runs,
    ),
    "now: the summary's first page, totals kept (20 runs)": await timedRuns(
      () => districtSummary(db, admin, districtId),
      20,
    ),
    "now: the first page, totals added up again (10 runs)": await timedRuns(() => {
      later += DISTRICT_TOTALS_STAND_MS + 1000;
      return districtSummary(db, admin, districtId, 1, new Date(later));
    }, 10),
    "now: every page one after another (5 runs)": await timedRuns(async () => {
      for (let page = 1; (page - 1) * DISTRICT_SUMMARY_PAGE_SIZE < schools.length; page++)
        await districtSummary(db, admin, districtId, page);
    }, 5),
    "opening a school: its breakdown (20 runs)": await timedRuns(
      () => schoolBreakdown(db, admin, biggest.id, {}),
      20,
    ),
    // Two letters, the shortest query the search takes: it must read this district's students
    // only, never every student of the world.
    'search students "an" (20 runs)': await timedRuns(
      () => searchDistrict(db, districtId, { role: "student", q: "an" }),
      20,
    ),
  };
  const lines = Object.entries(results).map(
    ([name, r]) =>
      `| ${engine} | ${students.toLocaleString("en-US")} students, ${schools.length} schools | ${name} | ${ms(r.p50)} | ${ms(r.max)} |`,
  );
  // As they come too: the tenfold district takes long to build on a busy machine.
  for (const line of lines) console.log(line);
  return lines;
}

/** Every measure on one engine's database; the plans of the summary's reads of the largest. */
async function benchEngine(engine: string, db: Db): Promise<string[]> {
  await buildLargeWorld(db, `${engine}: large world`);
  const lines = await measure(db, engine, await largestDistrict(db));
  const onefold = await buildTenfoldDistrict(db, 1);
  lines.push(...(await measure(db, engine, onefold)));
  await explainSummary(db, engine, onefold, "×1");
  const tenfold = await buildTenfoldDistrict(db, 10);
  lines.push(...(await measure(db, engine, tenfold)));
  await explainSummary(db, engine, tenfold, "×10");
  return lines;
}

/** The plans of the summary's reads of a district: the kept figures' read must not grow with users. */
async function explainSummary(db: Db, engine: string, districtId: number, name: string) {
  const { spy, seen } = spying(db);
  // A minute on, so that the totals' read of every school is among the reads.
  await districtSummary(
    spy,
    districtAdminOf(districtId),
    districtId,
    1,
    new Date(Date.now() + 2 * DISTRICT_TOTALS_STAND_MS),
  );
  console.log(`\n${engine}: the summary's reads, district ${name}:`);
  for (const statement of seen as SQL[]) {
    console.log("");
    for (const line of await explainLines(
      db,
      statement,
      /Scan|Execution Time|Join|Aggregate|rows=/,
    ))
      console.log(`  ${line}`);
  }
}

runIfMain(import.meta.url, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "refrain-bench-district-"));
  // PostgreSQL runs as its own user, which must reach its data directory inside this one.
  chmodSync(dataDir, 0o755);
  const lines: string[] = [];
  try {
    if (ENGINES.includes("pglite")) {
      const database = await openDatabase({ dataDir: join(dataDir, "pglite") });
      try {
        await database.migrate();
        lines.push(...(await benchEngine("PGlite", database.db)));
      } finally {
        await database.close();
      }
    }
    if (ENGINES.includes("postgres")) {
      const pgDataDir = join(dataDir, "postgres");
      const url = await freshDatabase(startPostgres(pgDataDir, "55443"), "refrain_bench_district");
      const database = await openDatabase({ databaseUrl: url, dataDir });
      try {
        await database.migrate();
        lines.push(...(await benchEngine("PostgreSQL", database.db)));
      } finally {
        await database.close();
        stopPostgres(pgDataDir);
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log("\n| engine | district | measure | p50 | max |\n|---|---|---|---:|---:|");
  for (const line of lines) console.log(line);
});
