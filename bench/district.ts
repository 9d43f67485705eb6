/**
 * The district summary page (GET /district_admin/school_list/:id, then
 * GET /district_admin/school_breakdown/:schoolId for each school) on the large world:
 * `node bench/district.ts` builds the world on PGlite in a temporary directory, then, as the
 * admin of the district with the most students, times the whole summary's service calls (the
 * school list and every school's breakdown over the school year to date), one after the other
 * and as the page sends them (all at once), and one breakdown of the district's largest school,
 * 20 warm runs each. Prints the breakdown's reads with their EXPLAIN ANALYZE key lines.
 */
import { sql } from "drizzle-orm";
import { searchDistrict } from "../apps/server/src/areas/admin/people.ts";
import { listDistrictSchools } from "../apps/server/src/areas/admin/service.ts";
import { schoolBreakdown } from "../apps/server/src/areas/admin/usage.ts";
import {
  buildLargeWorld,
  districtAdminOf,
  explainLines,
  runIfMain,
  timedRuns,
  withBenchDatabase,
} from "./bench-setup.ts";
import { rows, spying } from "./db-tools.ts";

const RUNS = 20;

const timed = (work: () => Promise<unknown>) => timedRuns(work, RUNS);

const ms = (n: number) => `${n.toFixed(1)} ms`;

runIfMain(import.meta.url, () =>
  withBenchDatabase("district", async ({ db }) => {
    await buildLargeWorld(db);
    const [district] = await rows<{ id: number; students: number }>(
      db,
      sql`select sc.district_id as id, count(*)::int as students
        from users u join users t on t.id = u.teacher_id join schools sc on sc.id = t.school_id
        where u.role = 'student' and sc.district_id is not null
        group by sc.district_id order by count(*) desc, sc.district_id limit 1`,
    );
    if (!district) throw new Error("The large world has no district with students");
    const admin = districtAdminOf(district.id);
    const list = await listDistrictSchools(db, district.id, district.id);
    const [biggest] = [...list.schools].sort((a, b) => b.students - a.students);
    if (!biggest) throw new Error("The district has no schools");
    const [counts] = await rows<Record<string, number>>(
      db,
      sql`select (select count(*)::int from time_on_task where school_id = ${biggest.id}) as buckets,
        (select count(*)::int from time_on_task) as all_buckets,
        (select count(*)::int from exam_attempts) as attempts,
        (select count(*)::int from read_alongs) as read_alongs`,
    );
    console.log(
      `district ${district.id}: ${list.schools.length} schools, ${district.students} students;`,
      `largest school ${biggest.id} (${biggest.students} students);`,
      JSON.stringify(counts),
    );

    const summary = async () => {
      const { schools } = await listDistrictSchools(db, district.id, district.id);
      for (const school of schools) await schoolBreakdown(db, admin, school.id, {});
    };
    const summaryAtOnce = async () => {
      const { schools } = await listDistrictSchools(db, district.id, district.id);
      await Promise.all(schools.map((s) => schoolBreakdown(db, admin, s.id, {})));
    };
    const one = () => schoolBreakdown(db, admin, biggest.id, {});
    // Two letters, the shortest query the search takes: it must read this district's students
    // only, never every student of the world.
    const search = (role: "teacher" | "student") =>
      searchDistrict(db, district.id, { role, q: "an" });
    const results = {
      "whole summary, one call after another": await timed(summary),
      "whole summary, breakdowns sent at once": await timed(summaryAtOnce),
      "one breakdown, largest school": await timed(one),
      'search students "an"': await timed(() => search("student")),
      'search teachers "an"': await timed(() => search("teacher")),
    };
    console.log(`\n| measure (${RUNS} warm runs) | p50 | max |\n|---|---:|---:|`);
    for (const [name, r] of Object.entries(results))
      console.log(`| ${name} | ${ms(r.p50)} | ${ms(r.max)} |`);

    const { spy, seen } = spying(db);
    const sample = await schoolBreakdown(spy, admin, biggest.id, {});
    const searched = await searchDistrict(db, district.id, { role: "student", q: "an" });
    console.log(
      `\nstudents matching "an": ${searched.students?.length}${searched.more ? "+" : ""}`,
    );
    console.log(`\nschool year of school ${biggest.id}:`, JSON.stringify(sample.school_year));
    for (const statement of seen) {
      console.log("");
      for (const line of await explainLines(
        db,
        statement,
        /Scan|Execution Time|Join|Aggregate|Sort /,
      ))
        console.log(`  ${line}`);
    }
  }),
);
