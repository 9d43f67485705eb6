/**
 * The class summary (GET /teacher/:teacher/dashboard/class_summary) for a class of 30 on the
 * large world: `node bench/reports.ts` builds the world on PGlite in a temporary directory,
 * fills the largest class up to 30 students, gives each a school year of graded readings (the
 * large world has no recordings), then times the summary's service call (its six reads and
 * the rules) over the school year and prints each read's EXPLAIN ANALYZE key lines.
 */
import { schoolYearStart } from "@refrain/domain";
import { fillPlaceholders, sql } from "drizzle-orm";
import { classSummary, summaryReads } from "../apps/server/src/areas/reports/class-summary.ts";
import type { Db } from "../apps/server/src/db/client.ts";
import { buildLargeWorld, runIfMain, withBenchDatabase } from "./bench-setup.ts";
import { rows } from "./db-tools.ts";
import { gradedYearOf, inDistrict } from "./graded-year.ts";

const CLASS_SIZE = 30;
const RUNS = 50;

/** The class with the most students, filled to 30 from another class of its school. */
async function classOf30(db: Db): Promise<number> {
  const [largest] = await rows<{ id: number; school_id: number; n: number }>(
    db,
    sql`select t.id, t.school_id, count(*)::int as n from users s join users t on t.id = s.teacher_id
        where s.role = 'student' group by t.id order by n desc, t.id limit 1`,
  );
  if (!largest) throw new Error("The large world has no class");
  await db.execute(sql`
    update users set teacher_id = ${largest.id} where id in (
      select s.id from users s join users t on t.id = s.teacher_id
      where s.role = 'student' and t.school_id = ${largest.school_id} and t.id <> ${largest.id}
      order by s.id limit ${Math.max(0, CLASS_SIZE - largest.n)})`);
  return largest.id;
}

/**
 * A school year of readings per student: a cold and a hot read of each of 12 lessons of their
 * plan and a benchmark each season, all graded, and one cold read left for the "new" badge.
 */
async function gradedYear(db: Db, teacherId: number, now: Date) {
  await gradedYearOf(db, sql`s.teacher_id = ${teacherId}`, now);
  await newReadings(db, teacherId, now);
}

/** The district of a teacher's school (a subquery). */
const districtOf = (teacherId: number) =>
  sql`(select sc.district_id from users t join schools sc on sc.id = t.school_id where t.id = ${teacherId})`;

/** One ungraded cold read per student of the class, for the "new" badge. */
async function newReadings(db: Db, teacherId: number, now: Date) {
  await db.execute(sql`
    insert into recordings (student_id, lesson_id, classification, status, created_at)
    select s.id, l.id, 'cold_read', 'complete', ${now.toISOString()}::timestamptz
    from users s join lateral (select id from lessons where plan_id = s.plan_id order by id desc limit 1) l on true
    where s.teacher_id = ${teacherId} and s.role = 'student'`);
}

/** EXPLAIN ANALYZE of one prepared read with its values, the scans and the total kept. */
async function explain(db: Db, name: keyof typeof summaryReads, values: Record<string, unknown>) {
  const query = summaryReads[name](db).getQuery();
  const params = fillPlaceholders(query.params, values);
  const text = `explain (analyze, buffers off, costs off) ${query.sql}`;
  const { rows: plan } = (await (
    db as unknown as {
      $client: { query(t: string, p: unknown[]): Promise<{ rows: { "QUERY PLAN": string }[] }> };
    }
  ).$client.query(text, params)) as { rows: { "QUERY PLAN": string }[] };
  return plan
    .map((r) => r["QUERY PLAN"])
    .filter((line) => /Scan|Execution Time|Join|Aggregate|Unique/.test(line));
}

runIfMain(import.meta.url, () =>
  withBenchDatabase("reports", async (database) => {
    const { db } = database;
    await buildLargeWorld(db);
    const now = new Date();
    const teacherId = await classOf30(db);
    await gradedYear(db, teacherId, now);
    await database.exec("analyze recordings; analyze recording_grades; analyze users");
    const [counts] = await rows<{ students: number; readings: number; attempts: number }>(
      db,
      sql`select (select count(*)::int from users where teacher_id = ${teacherId}) as students,
        (select count(*)::int from recordings r join users s on s.id = r.student_id where s.teacher_id = ${teacherId}) as readings,
        (select count(*)::int from exam_attempts a join users s on s.id = a.student_id where s.teacher_id = ${teacherId}) as attempts`,
    );
    console.log(`class of teacher ${teacherId}:`, JSON.stringify(counts));
    const query = {
      start_date: schoolYearStart(now),
      end_date: now.toISOString().slice(0, 10),
      student_id: "overall" as const,
      type: "all" as const,
    };
    const first = await classSummary(db, teacherId, query);
    const timed = async (label: string) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await classSummary(db, teacherId, query);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p = (q: number) => times[Math.floor(q * (RUNS - 1))] as number;
      console.log(
        `${label}, ${RUNS} warm runs: p50 ${p(0.5).toFixed(2)} ms, p90 ${p(0.9).toFixed(2)} ms`,
      );
      return p(0.5);
    };
    const small = await timed("class summary over the school year");
    console.log("first student row:", JSON.stringify(first.students[0]));

    // The district grows: every other student of the class's district gets the same year.
    await gradedYearOf(
      db,
      sql`s.teacher_id <> ${teacherId} and ${inDistrict(districtOf(teacherId))}`,
      now,
    );
    const [grown] = await rows<{ readings: number; students: number }>(
      db,
      sql`select (select count(*)::int from recordings) as readings,
        (select count(*)::int from users s where s.role = 'student'
          and ${inDistrict(districtOf(teacherId))}) as students`,
    );
    console.log(`district grown: ${JSON.stringify(grown)}`);
    const large = await timed("the same class summary in the grown district");
    console.log(`grown / small: ${(large / small).toFixed(2)}x (goal: within 1.2x)`);
    const values = { teacherId, start: query.start_date, end: query.end_date };
    for (const name of Object.keys(summaryReads) as (keyof typeof summaryReads)[]) {
      console.log(`\n${name}:`);
      for (const line of await explain(db, name, values)) console.log(`  ${line}`);
    }
  }),
);
