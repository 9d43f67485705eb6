/**
 * The Screening page of a district (GET /screening/summary) at 20,000 students and at ten times
 * that (issue 40), on PGlite and on PostgreSQL (BENCH_ENGINES, both by default), and the
 * district's year export (issue 39). `node bench/screening.ts` builds the large world, moves
 * every school into one district (20,000 students), and gives each student a year of scores: the
 * three passages of their grade in fall, winter and spring (four in five graded) and, for one in
 * five, a monitoring plan with a weekly graded cold read. It times the district's page in winter
 * (fall beside it) when every school's counts are to be made (the first view of the year's
 * data), when they are current, and when one reading's grade changed since (one school's made
 * again), and one school's page with its classes. Then the export as the "screening-export" job
 * makes it, with the process's resident memory before and at its peak. Then it copies the large
 * world BENCH_FACTOR times (10) into another district (bench/world-tenfold.ts), screens it the
 * same way, and times its page again.
 */

import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type BenchmarkWindow,
  currentSchoolYear,
  defaultWindows,
  schoolYearStart,
} from "@refrain/domain";
import { eq, sql } from "drizzle-orm";
import { dataFiles } from "../apps/server/src/adapters/storage.ts";
import { buildDistrictExport } from "../apps/server/src/areas/screening/export-job.ts";
import { reachScreening } from "../apps/server/src/areas/screening/summary.ts";
import { type Db, openDatabase } from "../apps/server/src/db/client.ts";
import { screeningExports } from "../apps/server/src/db/schema/index.ts";
import {
  type BenchDatabase,
  buildLargeWorld,
  districtAdminOf,
  freshDatabase,
  runIfMain,
  startPostgres,
  stopPostgres,
  timedRuns,
  withBenchDatabase,
} from "./bench-setup.ts";
import { rows } from "./db-tools.ts";
import { buildTenfoldDistrict } from "./world-tenfold.ts";

const RUNS = 10;

const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * Each student of the district reads the three passages of their grade (plan 7–11: grades 1–5;
 * Kindergarten reads none) on a day of a window, in one statement; four in five are graded.
 */
async function screenDistrict(db: Db, districtId: number, day: string, onlyNew = false) {
  await db.execute(sql`
    with passage as (
      select id, benchmark_grade, row_number() over (partition by benchmark_grade order by id) as k
      from lessons where benchmark_grade is not null
    ), made as (
      insert into recordings (student_id, lesson_id, classification, status, created_at)
      select s.id, p.id, 'benchmark', 'complete', ${`${day}T15:00:00Z`}::timestamptz + p.k * interval '3 minutes'
      from users s
      join users t on t.id = s.teacher_id
      join schools sc on sc.id = t.school_id
      join passage p on p.benchmark_grade = s.plan_id - 6 and p.k <= 3
      where s.role = 'student' and sc.district_id = ${districtId}
        and (${!onlyNew} or not exists (
          select 1 from recordings r where r.student_id = s.id and r.created_at::date = ${day}::date))
      returning id
    )
    insert into recording_grades (recording_id, accuracy, expression, selected_word_ids, wpm)
    select id, -(id % 7), 3, '{}', 40 + (id % 110) from made where id % 5 <> 0`);
}

/**
 * One student in five gets a monitoring plan from the fall window's end, and a graded cold read
 * of each lesson of their level (up to ten), a week apart.
 */
async function monitorOneInFive(db: Db, fallEnd: string, springEnd: string) {
  await db.execute(sql`
    insert into monitoring_plans
      (student_id, started_on, tier, baseline_wcpm, goal_wcpm, goal_on, cadence_days, created_at)
    select id, ${fallEnd}::date, 'below', 40, 100, ${springEnd}::date, 7, ${fallEnd}::timestamptz
    from users where role = 'student' and id % 5 = 0`);
  await db.execute(sql`
    with lesson as (
      select id, plan_id, row_number() over (partition by plan_id order by id) as k
      from lessons where benchmark_grade is null
    ), made as (
      insert into recordings (student_id, lesson_id, classification, status, created_at)
      select s.id, l.id, 'cold_read', 'complete',
        ${fallEnd}::timestamptz + l.k * interval '7 days' + interval '15 hours'
      from users s join lesson l on l.plan_id = s.plan_id and l.k <= 10
      where s.role = 'student' and s.id % 5 = 0
      returning id
    )
    insert into recording_grades (recording_id, accuracy, expression, selected_word_ids, wpm)
    select id, -(id % 5), 3, '{}', 40 + (id % 60) from made`);
}

/** The district's page in winter, three ways, and one school's: ms, p50 and max. */
async function timePage(db: Db, districtId: number, label: string) {
  const admin = districtAdminOf(districtId);
  const year = currentSchoolYear();
  const view = (schoolId?: number) => reachScreening(db, admin, year, "winter", schoolId);
  const started = performance.now();
  const first = await view();
  const cold = performance.now() - started;
  // One graded reading of a school changes (a teacher confirms it again): its school only is
  // made again at the next view.
  const [graded] = await rows<{ id: number }>(
    db,
    sql`select g.id from recording_grades g join recordings r on r.id = g.recording_id
      join users s on s.id = r.student_id join users t on t.id = s.teacher_id
      join schools sc on sc.id = t.school_id
      where r.classification = 'benchmark' and sc.district_id = ${districtId} limit 1`,
  );
  const regrade = async () => {
    await db.execute(
      sql`update recording_grades set expression = 4 - expression where id = ${graded?.id ?? 0}`,
    );
    await view();
  };
  // The largest school of the district's first page of schools.
  const school = first.schools.reduce((a, b) =>
    Object.values(b.counts).reduce((x, y) => x + y) >
    Object.values(a.counts).reduce((x, y) => x + y)
      ? b
      : a,
  );
  const runs = {
    [`${label}: first view of the year (every school's counts made)`]: { p50: cold, max: cold },
    [`${label}: counts current`]: await timedRuns(() => view(), RUNS),
    [`${label}: one grade changed since (one school made again)`]: await timedRuns(regrade, RUNS),
    [`${label}: one school with its classes`]: await timedRuns(() => view(school.id), RUNS),
  };
  console.log(`\n${label} in winter:`, first.students, "students", JSON.stringify(first.counts));
  return runs;
}

/** Runs `bench` on a fresh database of `engine`: PGlite in a temporary directory, or PostgreSQL. */
async function onEngine(
  engine: string,
  bench: (database: BenchDatabase, dataDir: string) => Promise<void>,
) {
  if (engine === "pglite") return withBenchDatabase("screening", bench);
  const dir = mkdtempSync(join(tmpdir(), "refrain-bench-screening-pg-"));
  // PostgreSQL runs as its own user, which must reach its data directory inside this one.
  chmodSync(dir, 0o755);
  const admin = startPostgres(join(dir, "pg"), "55447");
  const database = await openDatabase({
    databaseUrl: await freshDatabase(admin, "bench_screening"),
    dataDir: dir,
  });
  try {
    await database.migrate();
    await bench(database, dir);
  } finally {
    await database.close();
    stopPostgres(join(dir, "pg"));
    rmSync(dir, { recursive: true, force: true });
  }
}

const ENGINES = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",");
const FACTOR = Number(process.env.BENCH_FACTOR ?? 10);

runIfMain(import.meta.url, async () => {
  for (const engine of ENGINES)
    await onEngine(engine, async ({ db }, dataDir) => {
      console.log(`\n## ${engine}\n`);
      await buildLargeWorld(db);
      const [district] = await rows<{ id: number }>(
        db,
        sql`select id from districts order by id limit 1`,
      );
      if (!district) throw new Error("The large world has no district");
      const year = currentSchoolYear();
      const [fall, winter, spring] = defaultWindows(schoolYearStart(new Date())) as [
        BenchmarkWindow,
        BenchmarkWindow,
        BenchmarkWindow,
      ];
      // The whole world in one district, with a year of scores.
      await db.execute(sql`update schools set district_id = ${district.id}`);
      for (const window of [fall, winter, spring])
        await screenDistrict(db, district.id, window.start);
      await monitorOneInFive(db, fall.end, spring.end);
      for (const table of ["recordings", "recording_grades", "monitoring_plans"])
        await db.execute(sql.raw(`analyze ${table}`));
      const [whole] = await rows<{ students: number; readings: number; plans: number }>(
        db,
        sql`select (select count(*)::int from users where role = 'student') as students,
          (select count(*)::int from recordings) as readings,
          (select count(*)::int from monitoring_plans) as plans`,
      );
      console.log("the whole world as one district:", JSON.stringify(whole));
      const pages = await timePage(db, district.id, "20,000 students");

      const exports: { ms: number; lines: number; mb: number; peakMb: number; beforeMb: number }[] =
        [];
      const storage = dataFiles(dataDir);
      const quiet = { info() {}, warn() {}, error: console.error };
      for (let run = 0; run < 3; run++) {
        const [row] = await db
          .insert(screeningExports)
          .values({ districtId: district.id, schoolYear: year })
          .returning({ id: screeningExports.id });
        const exportId = row?.id as number;
        globalThis.gc?.();
        const before = process.memoryUsage().rss;
        let peak = before;
        // The job writes as it reads: the resident size is sampled beside it, every 50 ms.
        const sampler = setInterval(() => {
          peak = Math.max(peak, process.memoryUsage().rss);
        }, 50);
        const started = performance.now();
        await buildDistrictExport({ db, storage, log: quiet }, exportId, {
          lastTry: true,
          signal: new AbortController().signal,
        });
        const ms = performance.now() - started;
        clearInterval(sampler);
        peak = Math.max(peak, process.memoryUsage().rss);
        const [made] = await db
          .select({ status: screeningExports.status, key: screeningExports.fileKey })
          .from(screeningExports)
          .where(eq(screeningExports.id, exportId));
        const file = made?.key ? await storage.get(made.key) : null;
        if (made?.status !== "ready" || !file) throw new Error("The export job made no file");
        exports.push({
          ms,
          lines: file.toString("utf8").split("\r\n").length - 1,
          mb: file.length / 1e6,
          beforeMb: before / 1e6,
          peakMb: peak / 1e6,
        });
      }

      const tenfold = await buildTenfoldDistrict(db, FACTOR);
      for (const window of [fall, winter, spring]) await screenDistrict(db, tenfold, window.start);
      for (const table of ["recordings", "recording_grades"])
        await db.execute(sql.raw(`analyze ${table}`));
      Object.assign(pages, await timePage(db, tenfold, `${FACTOR * 20},000 students`));

      console.log(
        `\n| ${engine}: Screening page (${RUNS} warm runs) | p50 | max |\n|---|---:|---:|`,
      );
      for (const [name, r] of Object.entries(pages))
        console.log(`| ${name} | ${ms(r.p50)} | ${ms(r.max)} |`);
      console.log(
        `\n| ${engine}: export run | time | rows | file | RSS before | RSS peak |\n|---|---:|---:|---:|---:|---:|`,
      );
      for (const [i, e] of exports.entries())
        console.log(
          `| ${i + 1} | ${(e.ms / 1000).toFixed(1)} s | ${e.lines - 1} | ${e.mb.toFixed(1)} MB | ${e.beforeMb.toFixed(0)} MB | ${e.peakMb.toFixed(0)} MB |`,
        );
    });
});
