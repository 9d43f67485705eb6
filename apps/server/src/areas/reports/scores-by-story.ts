import type { StoryScoreRow } from "@refrain/domain";
import { sql } from "drizzle-orm";
import { studentsOf } from "../../core/access.ts";
import type { Db } from "../../db/client.ts";
import { latestAttemptsSql } from "../learning/index.ts";

/**
 * GET /teacher/reports/scores_by_story: one grouped query over the class's records in the
 * range, whatever the number of lessons or students. A student's day percent is their latest
 * attempt's correct/solved rounded (dayPercent; decision 0013) and their overall the rounded
 * average of the three (overallPercent); the lesson's figures average those over its students.
 * Completed counts the lessons the completion rule closed by the range's end: the assignment
 * the learning calls mark completed (isLessonComplete, with the student's rules), as the
 * Detailed report's Completed table and the class summary's Lessons do. Three days taken are
 * not a completed lesson where the class asks for three read-alongs, passed days or day 4.
 */
export async function scoresByStory(
  db: Db,
  teacherId: number,
  range: { start_date: string; end_date: string },
): Promise<StoryScoreRow[]> {
  // The range's days are UTC days, both ends included: [start 00:00, end + 1 day 00:00).
  const inRange = (column: string) =>
    sql`${sql.raw(column)} >= (${range.start_date}::date)::timestamp at time zone 'UTC'
      and ${sql.raw(column)} < ((${range.end_date}::date) + 1)::timestamp at time zone 'UTC'`;
  const day = (n: number) => sql.raw(`max(percent) filter (where day = ${n})`);
  const result = await db.execute(sql`
    with class as (
      select id from users where ${studentsOf(teacherId)}
    ),
    latest as (${latestAttemptsSql(
      sql`a.student_id, a.lesson_id, a.day,
        case when a.solved > 0 then round(100.0 * a.correct / a.solved) end as percent`,
      "class",
      inRange("a.created_at"),
    )}),
    per_student as (
      select lesson_id, student_id, ${day(1)} as d1, ${day(2)} as d2, ${day(3)} as d3,
        count(*) as days
      from latest group by lesson_id, student_id
    ),
    extensions as (
      select e.lesson_id, e.student_id, e.score
      from class c join extension_responses e on e.student_id = c.id
      where e.submitted_at is not null and ${inRange("e.submitted_at")}
    ),
    worked as (
      select lesson_id, student_id from per_student
      union select lesson_id, student_id from extensions
    ),
    completions as (
      select a.lesson_id, a.student_id
      from class c join assignments a on a.student_id = c.id
      where a.status = 'completed'
        and a.completed_at < ((${range.end_date}::date) + 1)::timestamp at time zone 'UTC'
    )
    select l.id as lesson_id, l.title,
      count(distinct w.student_id)::int as students,
      count(distinct k.student_id)::int as completed,
      round(avg(ps.d1))::int as day1, round(avg(ps.d2))::int as day2, round(avg(ps.d3))::int as day3,
      round(avg(round((ps.d1 + ps.d2 + ps.d3) / 3.0)))::int as overall,
      round(avg(x.score), 1)::float8 as extension,
      count(x.score)::int as extension_scored
    from worked w
    join lessons l on l.id = w.lesson_id
    left join per_student ps on ps.lesson_id = w.lesson_id and ps.student_id = w.student_id
    left join extensions x on x.lesson_id = w.lesson_id and x.student_id = w.student_id
    left join completions k on k.lesson_id = w.lesson_id and k.student_id = w.student_id
    group by l.id, l.title
    order by l.title, l.id`);
  return (result as unknown as { rows: StoryScoreRow[] }).rows;
}
