import {
  type BenchmarkSums,
  benchmarkGraph,
  benchmarkRows,
  type ColdHotRow,
  coldHotGraph,
  type FluencyRow,
  fluencyGraph,
  type GraphQuery,
  type GraphResponse,
  type GraphsQuery,
  graphMessages,
  graphTypesFor,
  type QuizRow,
  quizGraph,
} from "@refrain/domain";
import { type SQL, sql } from "drizzle-orm";
import type { AuthUser } from "../../core/context.ts";
import { forbidden } from "../../core/errors.ts";
import { type Db, rowsOf } from "../../db/client.ts";
import { latestAttemptsSql } from "../learning/index.ts";
import { graphPopulation, type Population } from "./graphs-scope.ts";

/**
 * The four graphs of `GET /teacher/reports/graphs`, each one query that sums in SQL what the
 * chart shows (a district's year of readings never leaves the database as rows). The shapes
 * and axes are the domain's (packages/domain/src/reports/graphs.ts).
 */

/** From the first instant of `from` to before the day after `to` (UTC), and maybe one lesson. */
type Window = { from: string; toBefore: string; lessonId: number | undefined };

const DAY_MS = 86_400_000;
const day = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`);

/** The population's students (`u`, with teacher `t` and school `s`) as a CTE body. */
const studentsSql = (p: Population) => sql`
  select u.id, u.plan_id from users u
  join users t on t.id = u.teacher_id
  left join schools s on s.id = t.school_id
  where ${sql.join([p.reach, ...p.filters], sql` and `)}`;

/** A record's `created_at` within the window, and its lesson the window's one. */
function inWindow(alias: string, w: Window): SQL {
  const at = sql.raw(`${alias}.created_at`);
  const lesson =
    w.lessonId === undefined ? sql`` : sql` and ${sql.raw(alias)}.lesson_id = ${w.lessonId}`;
  return sql`${at} >= ${w.from}::timestamptz and ${at} < ${w.toBefore}::timestamptz${lesson}`;
}

/**
 * Each graded reading of the population in the window with its newest grade (a new grade
 * replaces the earlier, grading spec §4), of the given kinds. A grade counts whatever its
 * media's state (a graded reading may still wait for its video, as the demo's do at first).
 */
const gradedSql = (p: Population, w: Window, kinds: string[]) => sql`
  pop as (${studentsSql(p)}),
  graded as (
    select distinct on (r.id) r.id, r.student_id, r.lesson_id, r.classification, r.created_at,
      p.plan_id, g.wpm, g.accuracy, g.expression
    from pop p
    join recordings r on r.student_id = p.id
    join recording_grades g on g.recording_id = r.id
    where r.classification in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )})
      and ${inWindow("r", w)}
    order by r.id, g.created_at desc, g.id desc
  )`;

// Correct words per minute is wpm + accuracy, and accuracy % is 100 × that / wpm (grading spec
// §3; `correctWordsPerMinute`, `accuracyPercent`): grades keep wpm > 0, so both always exist.
const CWPM = sql.raw("(wpm + accuracy)");
const ACCURACY = sql.raw("(100.0 * (wpm + accuracy) / wpm)");

async function benchmark(db: Db, p: Population, w: Window) {
  const result = await db.execute(sql`
    with ${gradedSql(p, w, ["benchmark"])}
    select ${day("created_at")} as date, plan_id as "planId", count(*)::int as readings,
      sum(${CWPM})::int as "cwpmSum", sum(expression)::int as "expressionSum"
    from graded group by 1, 2 order by 1, 2`);
  return benchmarkGraph(p.subject, benchmarkRows(rowsOf<BenchmarkSums>(result)));
}

async function coldHot(db: Db, p: Population, w: Window) {
  const kind = (k: string, value: SQL) =>
    sql`round(avg(${value}) filter (where classification = ${k}))::int`;
  const result = await db.execute(sql`
    with ${gradedSql(p, w, ["cold_read", "hot_read"])}
    select l.id as lesson_id, l.title as lesson, ${day("max(g.created_at)")} as date,
      ${kind("cold_read", ACCURACY)} as cold_accuracy, ${kind("hot_read", ACCURACY)} as hot_accuracy,
      ${kind("cold_read", CWPM)} as cold_wpm, ${kind("hot_read", CWPM)} as hot_wpm,
      count(*)::int as readings
    from graded g join lessons l on l.id = g.lesson_id
    group by l.id, l.title order by min(g.created_at), l.id`);
  return coldHotGraph(p.subject, rowsOf<ColdHotRow>(result));
}

/**
 * A student's column is each graded reading (a benchmark passage read again each season is a
 * column per reading); a group's is a lesson's kind of reading, averaged over its students.
 */
async function fluency(db: Db, p: Population, w: Window) {
  const reading = p.single ? sql`, g.id` : sql``;
  const result = await db.execute(sql`
    with ${gradedSql(p, w, ["cold_read", "hot_read", "benchmark"])}
    select l.id as lesson_id, l.title as lesson, g.classification,
      ${day("min(g.created_at)")} as date, round(avg(${CWPM}))::int as wpm,
      count(*)::int as readings
    from graded g join lessons l on l.id = g.lesson_id
    group by l.id, l.title, g.classification${reading}
    order by min(g.created_at), l.id, g.classification`);
  return fluencyGraph(p.subject, rowsOf<Omit<FluencyRow, "label" | "type">>(result));
}

/**
 * Quizzes per lesson: each student's latest attempt of each day counts (decision 0013), the
 * days' percents are averaged over students, and a student who took all three days in the
 * window completed the lesson's quizzes.
 */
async function quiz(db: Db, p: Population, w: Window) {
  const dayPercent = (n: number) => sql.raw(`max(percent) filter (where day = ${n})`);
  const result = await db.execute(sql`
    with pop as (${studentsSql(p)}),
    latest as (${latestAttemptsSql(
      sql`a.student_id, a.lesson_id, a.day, a.percent, a.created_at`,
      "pop",
      inWindow("a", w),
    )}),
    per_student as (
      select lesson_id, student_id, ${dayPercent(1)} as d1, ${dayPercent(2)} as d2,
        ${dayPercent(3)} as d3, count(*) as days, min(created_at) as first_at,
        max(created_at) as last_at
      from latest group by lesson_id, student_id
    )
    select l.id as lesson_id, l.title as lesson, ${day("max(ps.last_at)")} as date,
      round(avg(d1))::int as day1, round(avg(d2))::int as day2, round(avg(d3))::int as day3,
      count(*)::int as students, (count(*) filter (where days = 3))::int as completed
    from per_student ps join lessons l on l.id = ps.lesson_id
    group by l.id, l.title order by min(ps.first_at), l.id`);
  return quizGraph(p.subject, rowsOf<QuizRow>(result));
}

const GRAPHS = {
  fluency_benchmark: benchmark,
  fluency_cold_hot: coldHot,
  fluency,
  quiz_complete: quiz,
};

/** From the first instant of the query's first day to before the day after its last (UTC). */
const windowOf = (q: Omit<GraphQuery, "type">): Window => ({
  from: `${q.from_date}T00:00:00Z`,
  toBefore: new Date(Date.parse(`${q.to_date}T00:00:00Z`) + DAY_MS).toISOString(),
  lessonId: q.lesson_id,
});

/** The graph the query asks for, of the students it names that the caller may see. */
export async function reportGraph(db: Db, user: AuthUser, q: GraphQuery): Promise<GraphResponse> {
  const population = await graphPopulation(db, user, q);
  return GRAPHS[q.type](db, population, windowOf(q));
}

/**
 * `GET /teacher/reports/graphs`: the graphs asked for, in that order, of one population found
 * and checked once, unless the caller's class can never fill one of them (a parent's home class
 * records no readings), which is refused as the page never asks. One call per report view: on
 * PGlite's single connection, a view's four calls queued behind one another and took three to
 * six times as long as their queries (bench/graphs.ts). Reports built on the graphs
 * (conference.ts) read them through `reportGraph`, empty or not.
 */
export async function requestedGraphs(
  db: Db,
  user: AuthUser,
  q: GraphsQuery,
): Promise<GraphResponse[]> {
  const allowed = graphTypesFor(user.role);
  if (q.types.some((type) => !allowed.includes(type))) throw forbidden(graphMessages.noReadings);
  const population = await graphPopulation(db, user, q);
  const window = windowOf(q);
  return Promise.all(q.types.map((type) => GRAPHS[type](db, population, window)));
}
