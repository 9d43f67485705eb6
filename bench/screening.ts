/**
 * The Screening page of a district and of a school (GET /screening/summary) on the large world:
 * `node bench/screening.ts` builds the world on PGlite in a temporary directory, and has every
 * student of the district with the most students read their grade's three benchmark passages in
 * this school year's fall window (graded, one in five still waiting for its grade) and again in
 * the winter window; then times the summary's service call for the district's admin and for the
 * admin of its largest school, in the window where the readings are and the one after it.
 *
 * Then a district of the whole large world (20,000 students: every school moved into it) with a
 * year of scores: every student's three passages in fall, winter and spring, and a monitoring
 * plan for one in five with a graded cold read of each lesson of their level every week from
 * the fall window's end. Times the district's Screening page, and the year's export as the
 * "screening-export" job makes it (`buildDistrictExport`: the CSV written to a file, its progress
 * recorded per school, the file moved into storage under the data directory), with the process's
 * resident memory before and at its peak during the job.
 */
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
import type { Db } from "../apps/server/src/db/client.ts";
import { screeningExports } from "../apps/server/src/db/schema/index.ts";
import {
  buildLargeWorld,
  districtAdminOf,
  runIfMain,
  timedRuns,
  withBenchDatabase,
} from "./bench-setup.ts";
import { rows } from "./db-tools.ts";

const RUNS = 20;

const timed = (work: () => Promise<unknown>) => timedRuns(work, RUNS);

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

runIfMain(import.meta.url, () =>
  withBenchDatabase("screening", async ({ db }, dataDir) => {
    await buildLargeWorld(db);
    const [district] = await rows<{ id: number; students: number }>(
      db,
      sql`select sc.district_id as id, count(*)::int as students
        from users u join users t on t.id = u.teacher_id join schools sc on sc.id = t.school_id
        where u.role = 'student' and sc.district_id is not null
        group by sc.district_id order by count(*) desc, sc.district_id limit 1`,
    );
    if (!district) throw new Error("The large world has no district with students");
    const [school] = await rows<{ id: number; students: number }>(
      db,
      sql`select t.school_id as id, count(*)::int as students
        from users u join users t on t.id = u.teacher_id join schools sc on sc.id = t.school_id
        where u.role = 'student' and sc.district_id = ${district.id}
        group by t.school_id order by count(*) desc, t.school_id limit 1`,
    );
    if (!school) throw new Error("The district has no school with students");
    const year = currentSchoolYear();
    const [fall, winter] = defaultWindows(schoolYearStart(new Date())) as [
      BenchmarkWindow,
      BenchmarkWindow,
      BenchmarkWindow,
    ];
    await screenDistrict(db, district.id, fall.start);
    await screenDistrict(db, district.id, winter.start);
    await db.execute(sql`analyze recordings`);
    await db.execute(sql`analyze recording_grades`);
    const [counts] = await rows<{ readings: number; grades: number }>(
      db,
      sql`select (select count(*)::int from recordings where classification = 'benchmark') as readings,
        (select count(*)::int from recording_grades) as grades`,
    );
    console.log(
      `district ${district.id}: ${district.students} students; largest school ${school.id} (${school.students});`,
      JSON.stringify(counts),
    );

    const districtAdmin = districtAdminOf(district.id);
    const schoolAdmin = {
      ...districtAdmin,
      role: "school_admin" as const,
      districtId: null,
      schoolId: school.id,
    };
    const results = {
      "district, fall": await timed(() => reachScreening(db, districtAdmin, year, "fall")),
      "district, winter (and fall before it)": await timed(() =>
        reachScreening(db, districtAdmin, year, "winter"),
      ),
      "largest school, winter": await timed(() => reachScreening(db, schoolAdmin, year, "winter")),
    };
    const sample = await reachScreening(db, districtAdmin, year, "winter");
    console.log("\ndistrict in winter:", JSON.stringify(sample.counts));
    console.log(`\n| measure (${RUNS} warm runs) | p50 | max |\n|---|---:|---:|`);
    for (const [name, r] of Object.entries(results))
      console.log(`| ${name} | ${ms(r.p50)} | ${ms(r.max)} |`);

    // The whole world in one district, with a year of scores.
    const [, , spring] = defaultWindows(schoolYearStart(new Date())) as [
      BenchmarkWindow,
      BenchmarkWindow,
      BenchmarkWindow,
    ];
    await db.execute(sql`update schools set district_id = ${district.id}`);
    await screenDistrict(db, district.id, fall.start, true);
    await screenDistrict(db, district.id, winter.start, true);
    await screenDistrict(db, district.id, spring.start);
    await monitorOneInFive(db, fall.end, spring.end);
    for (const table of ["recordings", "recording_grades", "monitoring_plans"])
      await db.execute(sql.raw(`analyze ${table}`));
    const [whole] = await rows<{ students: number; readings: number; plans: number }>(
      db,
      sql`select (select count(*)::int from users where role = 'student') as students,
        (select count(*)::int from recordings) as readings,
        (select count(*)::int from monitoring_plans) as plans`,
    );
    console.log("\nthe whole world as one district:", JSON.stringify(whole));
    const large = {
      "district of 20,000, winter (and fall before it)": await timedRuns(
        () => reachScreening(db, districtAdmin, year, "winter"),
        5,
      ),
    };
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
    console.log(`\n| measure (20,000 students) | p50 | max |\n|---|---:|---:|`);
    for (const [name, r] of Object.entries(large))
      console.log(`| ${name} | ${ms(r.p50)} | ${ms(r.max)} |`);
    console.log(
      "\n| export run | time | rows | file | RSS before | RSS peak |\n|---|---:|---:|---:|---:|---:|",
    );
    for (const [i, e] of exports.entries())
      console.log(
        `| ${i + 1} | ${(e.ms / 1000).toFixed(1)} s | ${e.lines - 1} | ${e.mb.toFixed(1)} MB | ${e.beforeMb.toFixed(0)} MB | ${e.peakMb.toFixed(0)} MB |`,
      );
  }),
);
