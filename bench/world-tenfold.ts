/**
 * A district as large as `factor` whole large worlds (20,000 students and 40 schools each), made
 * in SQL in seconds: building it through the demo's generator would take 100 s per 20,000
 * students. It copies the large world (which must be built first, `buildLargeWorld`) `factor`
 * times into one new district: its schools, their teachers and students with their ids shifted,
 * and what the students and teachers did (time on task, read-alongs, exam attempts), so each copy
 * has the large world's exact shape and history. Recordings, answers and screening are not
 * copied: a bench that reads them adds its table here.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../apps/server/src/db/client.ts";
import { rows } from "./db-tools.ts";

/**
 * The large world's districts (demo/plan/world.ts `planLarge`), the copies' source; never an
 * earlier copy ("Bench District ×1" matches the pattern too: the ×10 copy once copied it along,
 * 800 schools and 400,000 students).
 */
const SOURCE = sql`(select id from schools where district_id in
  (select id from districts where name like 'Bench District %' and name not like '%×%'))`;

/**
 * Copies the large world `factor` times into a new district and gives its id. Copy `k` (1…factor)
 * of a source user keeps the id's offset within the source's span, shifted past every id in use.
 */
export async function buildTenfoldDistrict(db: Db, factor: number): Promise<number> {
  const started = performance.now();
  const [district] = await rows<{ id: number }>(
    db,
    sql`insert into districts (name) values (${`Bench District ×${factor}`}) returning id`,
  );
  if (!district) throw new Error("No district was made");
  const [span] = await rows<{ low: number; high: number; top: number }>(
    db,
    sql`select min(u.id)::int as low, max(u.id)::int as high, (select max(id) from users)::int as top
      from users u left join users t on t.id = u.teacher_id
      where u.school_id in ${SOURCE} or t.school_id in ${SOURCE}`,
  );
  if (!span) throw new Error("The large world is not built");
  const width = span.high - span.low + 1;
  // Copy k's id of a source user `old`: past every id in use, at the same offset in its copy.
  const newId = (old: string, k = "k") =>
    sql.raw(`(${span.top} + (${k} - 1) * ${width} + ${old} - ${span.low} + 1)`);

  await db.execute(sql`create temp table school_copies (source int, k int, id int)`);
  await db.execute(sql`
    insert into school_copies (source, k, id)
    select s.id, k, nextval(pg_get_serial_sequence('schools', 'id'))
    from schools s, generate_series(1, ${factor}) as k
    where s.id in ${SOURCE}`);
  await db.execute(sql`
    insert into schools (id, name, zip, city, state, district_id, seats)
    select c.id, s.name || ' ' || c.k, s.zip, s.city, s.state, ${district.id}, s.seats
    from school_copies c join schools s on s.id = c.source`);
  // Teachers first: a student's row names its teacher's copy.
  await db.execute(sql`
    insert into users (id, role, username, email, first_name, last_name, school_id,
      student_login_type, max_students)
    select ${newId("u.id", "c.k")}, u.role, u.username || '.' || ${district.id} || '.' || c.k, null,
      u.first_name, u.last_name, c.id, u.student_login_type, u.max_students
    from users u join school_copies c on c.source = u.school_id
    where u.role in ('teacher', 'parent')`);
  await db.execute(sql`
    insert into users (id, role, username, first_name, last_name, password_encrypted,
      teacher_id, plan_id)
    select ${newId("u.id")}, u.role, u.username, u.first_name, u.last_name, u.password_encrypted,
      ${newId("u.teacher_id")}, u.plan_id
    from users u join users t on t.id = u.teacher_id, generate_series(1, ${factor}) as k
    where u.role = 'student' and t.school_id in ${SOURCE}`);
  await db.execute(
    sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`,
  );
  // What the copied people did, each row once per copy.
  const copied = sql`left join users t on t.id = u.teacher_id
    cross join generate_series(1, ${factor}) as k`;
  const source = sql`(u.school_id in ${SOURCE} or t.school_id in ${SOURCE})`;
  await db.execute(sql`
    insert into time_on_task (user_id, kind, day, school_id, seconds, last_beat_at)
    select ${newId("x.user_id", "c.k")}, x.kind, x.day, c.id, x.seconds, x.last_beat_at
    from time_on_task x join users u on u.id = x.user_id
      left join users t on t.id = u.teacher_id
      join school_copies c on c.source = x.school_id
    where ${source}`);
  await db.execute(sql`
    insert into read_alongs (student_id, lesson_id, play, created_at)
    select ${newId("x.student_id")}, x.lesson_id, x.play, x.created_at
    from read_alongs x join users u on u.id = x.student_id ${copied}
    where ${source}`);
  await db.execute(sql`
    insert into exam_attempts (student_id, lesson_id, day, attempt, answers, correct, solved,
      percent, created_at)
    select ${newId("x.student_id")}, x.lesson_id, x.day, x.attempt, x.answers, x.correct,
      x.solved, x.percent, x.created_at
    from exam_attempts x join users u on u.id = x.student_id ${copied}
    where ${source}`);
  await db.execute(sql`drop table school_copies`);
  // The copy's time_on_task rows made their schools' usage figures through migration 0036's
  // triggers, as the app's heartbeats do.
  for (const table of [
    "schools",
    "users",
    "time_on_task",
    "read_alongs",
    "exam_attempts",
    "usage_school_days",
    "usage_school_years",
    "usage_people",
    "usage_leads",
  ])
    await db.execute(sql`analyze ${sql.raw(table)}`);
  console.log(
    `district ×${factor} (${district.id}): ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return district.id;
}
