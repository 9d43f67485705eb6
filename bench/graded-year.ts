import { schoolYearStart } from "@refrain/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../apps/server/src/db/client.ts";

/**
 * A school year of graded readings for the students `who` selects (a condition on `users s`),
 * for the report benches (the large world itself has no recordings): a cold and a hot read of
 * each of 12 lessons of their plan and a benchmark each season so far, all complete and graded
 * an hour later, expression 1–5 and WPM 60–129 spread by id. Inserted in one statement.
 */
export async function gradedYearOf(db: Db, who: SQL, now: Date) {
  const start = schoolYearStart(now);
  await db.execute(sql`
    with lesson_of as (
      select s.id as student_id, l.id as lesson_id, row_number() over (partition by s.id order by l.id) as k
      from users s join lessons l on l.plan_id = s.plan_id
      where ${who} and s.role = 'student'
    ), made as (
      insert into recordings (student_id, lesson_id, classification, status, created_at, graded_at)
      select student_id, lesson_id, kind, 'complete', at, at + interval '1 hour'
      from (
        select student_id, lesson_id, c.kind,
          ${start}::timestamptz + (k * 12 + c.o) * interval '1 day' as at
        from lesson_of, (values ('cold_read', 0), ('hot_read', 3)) as c(kind, o) where k <= 12
        union all
        select student_id, lesson_id, 'benchmark', ${start}::timestamptz + b.d * interval '1 day'
        from lesson_of, (values (80), (200), (300)) as b(d) where k = 1
      ) planned
      where at < ${now.toISOString()}::timestamptz
      returning id, created_at
    )
    insert into recording_grades (recording_id, accuracy, expression, selected_word_ids, wpm, created_at)
    select id, -(id % 9), 1 + id % 5, '{}', 60 + (id % 70), created_at + interval '1 hour' from made`);
  // One statement per call: prepared statements take a single command.
  await db.execute(sql`analyze recordings`);
  await db.execute(sql`analyze recording_grades`);
}

/** The students of a district's schools (through their teachers), as a `gradedYearOf` condition. */
export const inDistrict = (districtId: SQL | number) => sql`s.teacher_id in (
  select t.id from users t join schools sc on sc.id = t.school_id where sc.district_id = ${districtId})`;
