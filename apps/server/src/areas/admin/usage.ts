import {
  CONCEPT_BLOCK_TITLES,
  type ConceptBlock,
  conceptColor,
  conceptPercentage,
  dateRangeMessages,
  last30DaysOf,
  minutesOf,
  type SchoolBreakdown,
  type ScopedUser,
  schoolYearToDate,
  type UsageTotals,
} from "@refrain/domain";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { schoolsOfAdmin, studentsOfDistrict, studentsOfSchool } from "../../core/access.ts";
import { invalid, ownedOr404 } from "../../core/errors.ts";
import { type Db, rowsOf } from "../../db/client.ts";
import { schools } from "../../db/schema/index.ts";

/**
 * A school's usage for the district page (access spec §3 "School (district page)", screen 14):
 * the period asked for and its last 30 days, each summed in the same query with FILTER clauses,
 * and the concept scores of the period. Three reads after the scope check, however many
 * students the school has.
 */

/** Inclusive UTC days, as the query and the domain give them. */
export interface Period {
  start_date: string;
  end_date: string;
}

const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** The first instant of a UTC day, for the timestamp columns. */
const instant = (day: string) => `${day}T00:00:00Z`;

/**
 * The period of a query: what it names, the end defaulting to today and the start to the school
 * year of the end (the district summary's "school year totals").
 */
export function periodOf(query: { start_date?: string; end_date?: string }, now: Date): Period {
  const end = query.end_date ?? schoolYearToDate(now).end_date;
  const start = query.start_date ?? schoolYearToDate(new Date(`${end}T00:00:00Z`)).start_date;
  // The contract refuses a reversed pair; a start alone can still lie after today.
  if (start > end) throw invalid({ end_date: [dateRangeMessages.reversed] });
  return { start_date: start, end_date: end };
}

export interface TimeRow {
  student: number;
  teacher: number;
  reading: number;
  comprehension: number;
  students: number;
  teachers: number;
}

/** The school's students now, with their teachers: those of its teachers' classes. */
const pupilsOf = (schoolId: number) =>
  sql`select id, teacher_id from users where ${studentsOfSchool(schoolId)}`;

/** Whose times are summed: the schools' ids (a select) and their students with their teachers. */
interface Schools {
  ids: SQL;
  pupils: SQL;
}

const oneSchool = (schoolId: number): Schools => ({
  ids: sql`select ${schoolId}::int`,
  pupils: pupilsOf(schoolId),
});

const schoolsOfDistrict = (districtId: number): Schools => ({
  ids: sql`select id from schools where district_id = ${districtId}`,
  pupils: sql`select id, teacher_id from users where ${studentsOfDistrict(districtId)}`,
});

/** What each user's row sums, per period: a kind's seconds, or all the students' kinds. */
const MEASURES = {
  student: sql.raw("kind <> 'teacher_investment'"),
  teacher: sql.raw("kind = 'teacher_investment'"),
  reading: sql.raw("kind = 'reading'"),
  comprehension: sql.raw("kind = 'comprehension'"),
};
const PERIODS = ["year", "last"] as const;
const column = (name: string, period: (typeof PERIODS)[number]) => sql.raw(`${name}_${period}`);

/**
 * Both periods' times and active people of each school, in one range scan of
 * `time_on_task_school_day_idx` per school, summed per user with FILTER clauses (one row per
 * user, however many days), then over each school. A teacher is active with investment time or
 * with an active student. A school with no time has no entry.
 */
async function timesOf(
  db: Db,
  of: Schools,
  year: Period,
  last: Period,
): Promise<Map<number, { year: TimeRow; last: TimeRow }>> {
  const days = {
    year: sql`day >= ${year.start_date}::date`,
    last: sql`day between ${last.start_date}::date and ${last.end_date}::date`,
  };
  const perUser = Object.entries(MEASURES).flatMap(([measure, kinds]) =>
    PERIODS.map(
      (period) =>
        sql`sum(seconds) filter (where ${kinds} and ${days[period]}) as ${column(measure, period)}`,
    ),
  );
  const overSchool = PERIODS.flatMap((period) => [
    ...Object.keys(MEASURES).map(
      (m) => sql`coalesce(sum(${column(m, period)}), 0)::float8 as ${column(m, period)}`,
    ),
    sql`count(*) filter (where ${column("student", period)} > 0)::int
      as ${column("students", period)}`,
    sql`count(distinct case when ${column("teacher", period)} > 0 then a.user_id
      when ${column("student", period)} > 0 then p.teacher_id end)::int
      as ${column("teachers", period)}`,
  ]);
  const result = await db.execute(sql`
    with per_user as (
      select school_id, user_id, ${sql.join(perUser, sql`, `)}
      from time_on_task
      where school_id = any(array(${of.ids}))
        and day between least(${year.start_date}::date, ${last.start_date}::date)
          and ${year.end_date}::date
      group by school_id, user_id
    ),
    pupils as (${of.pupils})
    select a.school_id, ${sql.join(overSchool, sql`, `)}
    from per_user a left join pupils p on p.id = a.user_id
    group by a.school_id`);
  return new Map(
    rowsOf<Record<string, number>>(result).map((row) => [
      row.school_id as number,
      { year: timeRowOf(row, "year"), last: timeRowOf(row, "last") },
    ]),
  );
}

/** A period's figures out of a row whose columns are named `<measure>_<period>`. */
export const timeRowOf = (
  row: Record<string, number>,
  period: (typeof PERIODS)[number],
): TimeRow => ({
  student: row[`student_${period}`] ?? 0,
  teacher: row[`teacher_${period}`] ?? 0,
  reading: row[`reading_${period}`] ?? 0,
  comprehension: row[`comprehension_${period}`] ?? 0,
  students: row[`students_${period}`] ?? 0,
  teachers: row[`teachers_${period}`] ?? 0,
});

interface GenreRow {
  name: string;
  year: number;
  last: number;
}

/**
 * Lessons read in each period by story genre: a student's lesson counts once in a period when
 * any of its read-alongs was played in it.
 */
async function genresOf(db: Db, schoolId: number, year: Period, last: Period) {
  const result = await db.execute(sql`
    with pupils as (${pupilsOf(schoolId)}),
    reads as (
      select ra.student_id, ra.lesson_id,
        bool_or(ra.created_at >= ${instant(year.start_date)}::timestamptz) as in_year,
        bool_or(ra.created_at >= ${instant(last.start_date)}::timestamptz
          and ra.created_at < ${instant(dayAfter(last.end_date))}::timestamptz) as in_last
      from pupils p join read_alongs ra on ra.student_id = p.id
      where ra.created_at >= least(${instant(year.start_date)}::timestamptz,
          ${instant(last.start_date)}::timestamptz)
        and ra.created_at < ${instant(dayAfter(year.end_date))}::timestamptz
      group by ra.student_id, ra.lesson_id
    )
    select l.story_genre as name,
      count(*) filter (where in_year)::int as year,
      count(*) filter (where in_last)::int as last
    from reads r join lessons l on l.id = r.lesson_id
    group by l.story_genre`);
  const rows = rowsOf<GenreRow>(result);
  const list = (key: "year" | "last") =>
    rows
      .filter((r) => r[key] > 0)
      .map((r) => ({ name: r.name, count: r[key] }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  return { year: list("year"), last: list("last") };
}

interface ConceptRow {
  block: keyof typeof CONCEPT_BLOCK_TITLES;
  day: number | null;
  name: string;
  correct: number;
  total: number;
}

/**
 * The period's exam answers of the school's students (every attempt, retakes included) summed
 * by exam day, by subject and by story genre in one pass (grouping sets).
 */
async function conceptsOf(db: Db, schoolId: number, year: Period): Promise<ConceptBlock[]> {
  const result = await db.execute(sql`
    with pupils as (${pupilsOf(schoolId)})
    select
      case when grouping(a.day) = 0 then 'day'
        when grouping(l.subject) = 0 then 'subject' else 'storyGenre' end as block,
      a.day,
      coalesce(l.subject, l.story_genre, '') as name,
      sum(a.correct)::int as correct,
      sum(a.solved)::int as total
    from pupils p
    join exam_attempts a on a.student_id = p.id
    join lessons l on l.id = a.lesson_id
    where a.created_at >= ${instant(year.start_date)}::timestamptz
      and a.created_at < ${instant(dayAfter(year.end_date))}::timestamptz
    group by grouping sets ((a.day), (l.subject), (l.story_genre))
    order by block, a.day, name`);
  const rows = rowsOf<ConceptRow>(result).filter((r) => r.total > 0);
  const blocks: ConceptBlock[] = [];
  for (const block of ["day", "subject", "storyGenre"] as const) {
    const concepts = rows
      .filter((r) => r.block === block)
      .map((r) => {
        const percentage = conceptPercentage(r.correct, r.total);
        return {
          name: block === "day" ? `Day ${r.day} exam` : r.name,
          correct: r.correct,
          total: r.total,
          percentage,
          color: conceptColor(percentage),
        };
      });
    if (concepts.length > 0) blocks.push({ title: CONCEPT_BLOCK_TITLES[block], concepts });
  }
  return blocks;
}

const NO_TIME: TimeRow = {
  student: 0,
  teacher: 0,
  reading: 0,
  comprehension: 0,
  students: 0,
  teachers: 0,
};

export function totalsOf(time: TimeRow = NO_TIME): UsageTotals {
  return {
    student_learning_time: minutesOf(time.student),
    teacher_investment_time: minutesOf(time.teacher),
    active_students: time.students,
    active_teachers: time.teachers,
    minutes_spent_reading: minutesOf(time.reading),
    comprehension_practice_time: minutesOf(time.comprehension),
  };
}

/**
 * One school's breakdown for an admin who oversees it (a school admin their own school, a
 * district admin their district's); any other school reads as missing.
 */
export async function schoolBreakdown(
  db: Db,
  admin: ScopedUser,
  schoolId: number,
  query: { start_date?: string; end_date?: string },
  now = new Date(),
): Promise<SchoolBreakdown> {
  const year = periodOf(query, now);
  const last = last30DaysOf(year.end_date, now);
  const [found] = await db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(and(eq(schools.id, schoolId), schoolsOfAdmin(admin)));
  const school = ownedOr404(found);
  const [times, genres, concepts] = await Promise.all([
    timesOf(db, oneSchool(school.id), year, last).then((bySchool) => bySchool.get(school.id)),
    genresOf(db, school.id, year, last),
    conceptsOf(db, school.id, year),
  ]);
  return {
    school,
    school_year: { breakdown: [{ overall: { ...totalsOf(times?.year), genres: genres.year } }] },
    last_30_days: { breakdown: [{ overall: { ...totalsOf(times?.last), genres: genres.last } }] },
    concepts,
  };
}

/**
 * A district's figures worked out from every time_on_task row of its schools, as the summary did
 * before they were kept: what the kept ones must equal (the tests' oracle).
 */
export function workedOutTimesOf(db: Db, districtId: number, now = new Date()) {
  const year = periodOf({}, now);
  return timesOf(db, schoolsOfDistrict(districtId), year, last30DaysOf(year.end_date, now));
}
