/**
 * The district-level graphs (GET /teacher/reports/graph with aggregate_type=district) on the
 * large world: `node bench/graphs.ts` builds the world on PGlite in a temporary directory,
 * gives every student of the largest district a school year of graded readings (the large
 * world has none: a cold and a hot read of 12 lessons of their plan and a benchmark each
 * season), then times each of the four graphs' service call (scope check and the one summing
 * query) as that district's admin over the school year, and prints each query's EXPLAIN ANALYZE
 * key lines. quiz_complete reads the world's own exam history.
 *
 * Then it times a report view's four graphs as the pages asked for them before issue 40 (four
 * `GET /teacher/reports/graph` calls at once, which PGlite's one connection queues) and as they
 * ask now (`GET /teacher/reports/graphs`, one call: `requestedGraphs`), for the district, for
 * its largest school (School Use and Data) and for the largest class (Fluency Reports).
 */
import { GRAPH_TYPES, type GraphQuery, schoolYearStart } from "@refrain/domain";
import { type SQL, sql } from "drizzle-orm";
import { reportGraph, requestedGraphs } from "../apps/server/src/areas/reports/graphs.ts";
import type { AuthUser } from "../apps/server/src/core/context.ts";
import type { Db } from "../apps/server/src/db/client.ts";
import {
  buildLargeWorld,
  districtAdminOf,
  explainLines,
  runIfMain,
  timedRuns,
  withBenchDatabase,
} from "./bench-setup.ts";
import { rows, spying } from "./db-tools.ts";
import { gradedYearOf, inDistrict } from "./graded-year.ts";

const RUNS = 10;

/** The district whose teachers' schools hold the most students. */
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

runIfMain(import.meta.url, () =>
  withBenchDatabase("graphs", async ({ db }) => {
    await buildLargeWorld(db);
    const now = new Date();
    const districtId = await largestDistrict(db);
    let started = performance.now();
    await gradedYearOf(db, inDistrict(districtId), now);
    console.log(`graded year: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const [counts] = await rows<Record<string, number>>(
      db,
      sql`select count(distinct u.id)::int as students,
          (select count(*)::int from recordings) as readings,
          (select count(*)::int from exam_attempts) as attempts
        from users u join users t on t.id = u.teacher_id join schools sc on sc.id = t.school_id
        where u.role = 'student' and sc.district_id = ${districtId}`,
    );
    console.log(`district ${districtId}:`, JSON.stringify(counts));
    const admin = districtAdminOf(districtId);
    for (const type of GRAPH_TYPES) {
      const query: GraphQuery = {
        type,
        aggregate_type: "district",
        from_date: schoolYearStart(now),
        to_date: now.toISOString().slice(0, 10),
      };
      const { spy, seen } = spying(db);
      const first = await reportGraph(spy, admin, query);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        started = performance.now();
        await reportGraph(db, admin, query);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p = (q: number) => (times[Math.floor(q * (RUNS - 1))] as number).toFixed(1);
      console.log(
        `\n${type}: ${first.data.length} rows; ${RUNS} warm runs p50 ${p(0.5)} ms, max ${p(1)} ms`,
      );
      const graphSql = seen.at(-1) as SQL;
      const keep = /Scan|Execution Time|Join|Aggregate|Unique|Sort /;
      for (const line of await explainLines(db, graphSql, keep)) console.log(`  ${line}`);
    }

    // A view's four graphs, as the pages asked (four calls at once) and ask (one call).
    const [school] = await rows<{ id: number }>(
      db,
      sql`select t.school_id as id from users u join users t on t.id = u.teacher_id
        join schools sc on sc.id = t.school_id where u.role = 'student' and sc.district_id = ${districtId}
        group by t.school_id order by count(*) desc, t.school_id limit 1`,
    );
    const [teacher] = await rows<{ id: number }>(
      db,
      sql`select u.teacher_id as id from users u join users t on t.id = u.teacher_id
        join schools sc on sc.id = t.school_id where u.role = 'student' and sc.district_id = ${districtId}
        group by u.teacher_id order by count(*) desc, u.teacher_id limit 1`,
    );
    if (!school || !teacher) throw new Error("The district has no class");
    const range = { from_date: schoolYearStart(now), to_date: now.toISOString().slice(0, 10) };
    const views: [string, AuthUser, Omit<GraphQuery, "type">][] = [
      ["district (district admin)", admin, range],
      [
        `largest school ${school.id} (School Use and Data)`,
        admin,
        { ...range, aggregate_type: "school", school_id: school.id },
      ],
      [
        `largest class, teacher ${teacher.id} (Fluency Reports)`,
        { ...admin, role: "teacher", id: teacher.id, districtId: null },
        range,
      ],
    ];
    console.log(
      `\n| view, 4 graphs (${RUNS} warm runs) | before: 4 calls at once p50 | max | now: 1 call p50 | max |\n|---|---:|---:|---:|---:|`,
    );
    for (const [name, user, query] of views) {
      const before = await timedRuns(
        () => Promise.all(GRAPH_TYPES.map((type) => reportGraph(db, user, { ...query, type }))),
        RUNS,
      );
      const after = await timedRuns(
        () => requestedGraphs(db, user, { ...query, types: [...GRAPH_TYPES] }),
        RUNS,
      );
      const f = (n: number) => `${n.toFixed(1)} ms`;
      console.log(
        `| ${name} | ${f(before.p50)} | ${f(before.max)} | ${f(after.p50)} | ${f(after.max)} |`,
      );
    }
  }),
);
