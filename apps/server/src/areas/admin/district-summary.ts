import {
  DISTRICT_SUMMARY_PAGE_SIZE,
  type DistrictSummary,
  last30DaysOf,
  type ScopedUser,
  sumUsage,
} from "@refrain/domain";
import { and, count, eq, sql } from "drizzle-orm";
import { ownedOr404 } from "../../core/errors.ts";
import { type Db, rowsOf } from "../../db/client.ts";
import { districts, schools, usageDistrictTotals } from "../../db/schema/index.ts";
import { type Period, periodOf, timeRowOf, totalsOf } from "./usage.ts";

/**
 * The district summary (access spec screen 14, decision 0039): the district's totals and its
 * schools a page at a time, each school's figures read from the rows migration 0036's triggers
 * keep per school, so a page reads a page's schools however large the district.
 */

/** Which of the district's schools, by name: all of them, or a page. */
interface Slice {
  limit: number;
  offset: number;
}

/**
 * Every school's figures of a district over the school year to date and its last 30 days, from
 * the rows migration 0036's triggers keep (decision 0039): per school, its row of the school year
 * and its day rows from the start of the last 30 days, so the read grows with the schools, not
 * with their users or days. Seconds are the year's minus any day after today's; the active people
 * of a period are those whose last active day (`usage_people`, `usage_leads`) lies in it, which
 * both periods ending today makes exact.
 */
async function keptSchoolsOf(
  db: Db,
  districtId: number,
  year: Period,
  last: Period,
  slice?: Slice,
) {
  const seconds = ["student", "teacher", "reading", "comprehension"].map((m) => ({
    m,
    column: sql.raw(`${m}_seconds`),
  }));
  const perDay = [
    ...seconds.flatMap(({ m, column }) => [
      sql`sum(${column}) filter (where day <= ${last.end_date}::date) as ${sql.raw(`${m}_last`)}`,
      sql`sum(${column}) filter (where day > ${last.end_date}::date
        and day >= ${year.start_date}::date) as ${sql.raw(`${m}_after`)}`,
    ]),
    sql`sum(students) filter (where day <= ${last.end_date}::date) as students_last`,
    sql`sum(teachers) filter (where day <= ${last.end_date}::date) as teachers_last`,
  ];
  const figures = [
    ...seconds.flatMap(({ m, column }) => [
      sql`(coalesce(y.${column}, 0) - coalesce(d.${sql.raw(`${m}_after`)}, 0))::float8
        as ${sql.raw(`${m}_year`)}`,
      sql`coalesce(d.${sql.raw(`${m}_last`)}, 0)::float8 as ${sql.raw(`${m}_last`)}`,
    ]),
    sql`coalesce(y.students, 0)::int as students_year`,
    sql`coalesce(y.teachers, 0)::int as teachers_year`,
    sql`coalesce(d.students_last, 0)::int as students_last`,
    sql`coalesce(d.teachers_last, 0)::int as teachers_last`,
  ];
  // The page's schools are chosen first, in the order of `schools_district_idx`, and each one's
  // rows read by key. The `limit 1`s keep the planner from turning the lookups into hash joins
  // over every school's rows (on PGlite those grew with the world's schools).
  const result = await db.execute(sql`
    with page as (
      select id, name from schools where district_id = ${districtId}
      order by name, id
      ${slice ? sql`limit ${slice.limit} offset ${slice.offset}` : sql``}
    )
    select s.id as school_id, s.name, coalesce(p.teachers, 0)::int as teachers,
      coalesce(p.students, 0)::int as students, ${sql.join(figures, sql`, `)}
    from page s
    left join lateral (
      select teachers, students from usage_school_people where school_id = s.id limit 1
    ) p on true
    left join lateral (
      select * from usage_school_years
      where school_id = s.id and year_start = ${year.start_date}::date limit 1
    ) y on true
    left join lateral (
      select ${sql.join(perDay, sql`, `)}
      from usage_school_days
      where school_id = s.id and day >= ${last.start_date}::date
    ) d on true
    order by s.name, s.id`);
  return rowsOf<Record<string, number> & { name: string }>(result).map((row) => ({
    id: row.school_id as number,
    name: row.name,
    teachers: row.teachers as number,
    students: row.students as number,
    year: timeRowOf(row, "year"),
    last: timeRowOf(row, "last"),
  }));
}

/** The district's kept figures and people per school, as the summary reads them. */
export function keptSchoolsOfDistrict(db: Db, districtId: number, now = new Date()) {
  const year = periodOf({}, now);
  return keptSchoolsOf(db, districtId, year, last30DaysOf(year.end_date, now));
}

/**
 * How long a district's totals stand once added up. Adding them up reads every school's rows, as
 * the whole list did, and a district's figures change with every minute of use, so no trigger
 * keeps them (one row per district, written at every heartbeat, would make the district's
 * students wait on one another): at most one view a minute pays for them, and they lag the
 * schools' own figures by a minute at most.
 */
export const DISTRICT_TOTALS_STAND_MS = 60_000;

/** The district's totals of both periods: those kept, or added up again when they are old. */
async function totalsOfDistrict(
  db: Db,
  districtId: number,
  year: Period,
  last: Period,
  now: Date,
): Promise<DistrictSummary["totals"]> {
  const kept = usageDistrictTotals;
  const [found] = await db
    .select({ totals: kept.totals })
    .from(kept)
    .where(
      and(
        eq(kept.districtId, districtId),
        eq(kept.periodEnd, year.end_date),
        sql`${kept.madeAt} > ${new Date(now.getTime() - DISTRICT_TOTALS_STAND_MS).toISOString()}::timestamptz`,
      ),
    );
  if (found) return found.totals;
  const every = await keptSchoolsOf(db, districtId, year, last);
  const totals = {
    school_year: sumUsage(every.map((s) => totalsOf(s.year))),
    last_30_days: sumUsage(every.map((s) => totalsOf(s.last))),
  };
  const made = { periodEnd: year.end_date, madeAt: now, totals };
  await db
    .insert(kept)
    .values({ districtId, ...made })
    .onConflictDoUpdate({ target: kept.districtId, set: made });
  return totals;
}

/**
 * The district summary for its district admin: the district's totals (`totalsOfDistrict`) and a
 * page of its schools by name with their people and each one's figures over the school year to
 * date and its last 30 days. Another district reads as missing. One call per page, whatever the
 * page shows: on PGlite's single connection a page's calls queue behind one another.
 */
export async function districtSummary(
  db: Db,
  admin: ScopedUser,
  districtId: number,
  page = 1,
  now = new Date(),
): Promise<DistrictSummary> {
  const district = ownedOr404(
    admin.districtId === districtId
      ? (
          await db
            .select({ name: districts.name })
            .from(districts)
            .where(eq(districts.id, districtId))
        )[0]
      : null,
  );
  const year = periodOf({}, now);
  const last = last30DaysOf(year.end_date, now);
  const slice = {
    limit: DISTRICT_SUMMARY_PAGE_SIZE,
    offset: (page - 1) * DISTRICT_SUMMARY_PAGE_SIZE,
  };
  const [totals, [all], list] = await Promise.all([
    totalsOfDistrict(db, districtId, year, last, now),
    db.select({ n: count() }).from(schools).where(eq(schools.districtId, districtId)),
    keptSchoolsOf(db, districtId, year, last, slice),
  ]);
  return {
    district: district.name,
    period: year,
    totals,
    school_count: all?.n ?? 0,
    schools: list.map(({ year: inYear, last: inLast, ...school }) => ({
      ...school,
      school_year: totalsOf(inYear),
      last_30_days: totalsOf(inLast),
    })),
  };
}
