CREATE TABLE "usage_leads" (
	"school_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "usage_leads_school_id_teacher_id_pk" PRIMARY KEY("school_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "usage_people" (
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"student_day" date,
	"teacher_day" date,
	CONSTRAINT "usage_people_school_id_user_id_pk" PRIMARY KEY("school_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "usage_school_days" (
	"school_id" integer NOT NULL,
	"day" date NOT NULL,
	"student_seconds" bigint DEFAULT 0 NOT NULL,
	"teacher_seconds" bigint DEFAULT 0 NOT NULL,
	"reading_seconds" bigint DEFAULT 0 NOT NULL,
	"comprehension_seconds" bigint DEFAULT 0 NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	"teachers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_school_days_school_id_day_pk" PRIMARY KEY("school_id","day")
);
--> statement-breakpoint
CREATE TABLE "usage_school_people" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"teachers" integer DEFAULT 0 NOT NULL,
	"students" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_school_years" (
	"school_id" integer NOT NULL,
	"year_start" date NOT NULL,
	"student_seconds" bigint DEFAULT 0 NOT NULL,
	"teacher_seconds" bigint DEFAULT 0 NOT NULL,
	"reading_seconds" bigint DEFAULT 0 NOT NULL,
	"comprehension_seconds" bigint DEFAULT 0 NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	"teachers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_school_years_school_id_year_start_pk" PRIMARY KEY("school_id","year_start")
);
--> statement-breakpoint
ALTER TABLE "usage_leads" ADD CONSTRAINT "usage_leads_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_leads" ADD CONSTRAINT "usage_leads_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_people" ADD CONSTRAINT "usage_people_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_people" ADD CONSTRAINT "usage_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_school_days" ADD CONSTRAINT "usage_school_days_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_school_people" ADD CONSTRAINT "usage_school_people_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_school_years" ADD CONSTRAINT "usage_school_years_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_leads_teacher_idx" ON "usage_leads" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "usage_people_user_idx" ON "usage_people" USING btree ("user_id");--> statement-breakpoint
-- The district summary's figures kept per school (decision 0039): triggers on time_on_task keep
-- each school's seconds per day and school year, and each (school, user)'s last active days;
-- those keep each (school, teacher)'s last day as an active teacher; and the last days keep a
-- per-school count of people by the day they were last active (the day's `students` and
-- `teachers`). Triggers on users and schools make a teacher's day again when their students,
-- or the district their classes belong to, change. Statement-level with transition tables, so a
-- bulk statement runs each once; every row is locked in key order; a school or user deleted by
-- the same statement (whose rows go with it) is passed over.
--
-- The first day of the school year (July 1, domain `schoolYearStart`) a day belongs to.
CREATE FUNCTION refrain_school_year_start(d date) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT make_date(extract(year FROM d - interval '6 months')::int, 7, 1)
$$;
--> statement-breakpoint
-- Adds to schools' figures of a day and of its school year (arrays of one length; a null array
-- adds nothing to its figure).
CREATE FUNCTION refrain_usage_add(school_ids integer[], days date[], student bigint[],
  teacher bigint[], reading bigint[], comprehension bigint[], students integer[],
  teachers integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO usage_school_days AS u (school_id, day, student_seconds, teacher_seconds,
    reading_seconds, comprehension_seconds, students, teachers)
  SELECT x.school_id, x.day, coalesce(sum(x.student), 0), coalesce(sum(x.teacher), 0),
    coalesce(sum(x.reading), 0), coalesce(sum(x.comprehension), 0),
    coalesce(sum(x.students), 0), coalesce(sum(x.teachers), 0)
  FROM unnest(school_ids, days, student, teacher, reading, comprehension, students, teachers)
    AS x(school_id, day, student, teacher, reading, comprehension, students, teachers)
  WHERE EXISTS (SELECT 1 FROM schools s WHERE s.id = x.school_id)
  GROUP BY x.school_id, x.day
  ORDER BY x.school_id, x.day
  ON CONFLICT (school_id, day) DO UPDATE SET
    student_seconds = u.student_seconds + excluded.student_seconds,
    teacher_seconds = u.teacher_seconds + excluded.teacher_seconds,
    reading_seconds = u.reading_seconds + excluded.reading_seconds,
    comprehension_seconds = u.comprehension_seconds + excluded.comprehension_seconds,
    students = u.students + excluded.students,
    teachers = u.teachers + excluded.teachers;
  INSERT INTO usage_school_years AS u (school_id, year_start, student_seconds, teacher_seconds,
    reading_seconds, comprehension_seconds, students, teachers)
  SELECT x.school_id, refrain_school_year_start(x.day), coalesce(sum(x.student), 0),
    coalesce(sum(x.teacher), 0), coalesce(sum(x.reading), 0), coalesce(sum(x.comprehension), 0),
    coalesce(sum(x.students), 0), coalesce(sum(x.teachers), 0)
  FROM unnest(school_ids, days, student, teacher, reading, comprehension, students, teachers)
    AS x(school_id, day, student, teacher, reading, comprehension, students, teachers)
  WHERE EXISTS (SELECT 1 FROM schools s WHERE s.id = x.school_id)
  GROUP BY x.school_id, refrain_school_year_start(x.day)
  ORDER BY 1, 2
  ON CONFLICT (school_id, year_start) DO UPDATE SET
    student_seconds = u.student_seconds + excluded.student_seconds,
    teacher_seconds = u.teacher_seconds + excluded.teacher_seconds,
    reading_seconds = u.reading_seconds + excluded.reading_seconds,
    comprehension_seconds = u.comprehension_seconds + excluded.comprehension_seconds,
    students = u.students + excluded.students,
    teachers = u.teachers + excluded.teachers;
$$;
--> statement-breakpoint
-- Users got time on later days than their kept last days: raise those (a heartbeat on a day
-- already counted, the common case, writes nothing).
CREATE FUNCTION refrain_usage_grow(school_ids integer[], user_ids integer[],
  student_days date[], teacher_days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM unnest(school_ids, user_ids, student_days, teacher_days) AS x(s, u, sd, td)
    LEFT JOIN usage_people p ON p.school_id = x.s AND p.user_id = x.u
    WHERE x.sd > coalesce(p.student_day, '-infinity') OR x.td > coalesce(p.teacher_day, '-infinity'))
  THEN
    RETURN;
  END IF;
  INSERT INTO usage_people AS p (school_id, user_id, student_day, teacher_day)
  SELECT x.s, x.u, x.sd, x.td
  FROM unnest(school_ids, user_ids, student_days, teacher_days) AS x(s, u, sd, td)
  WHERE EXISTS (SELECT 1 FROM schools s WHERE s.id = x.s)
    AND EXISTS (SELECT 1 FROM users u WHERE u.id = x.u)
  ORDER BY x.s, x.u
  ON CONFLICT (school_id, user_id) DO UPDATE SET
    student_day = greatest(p.student_day, excluded.student_day),
    teacher_day = greatest(p.teacher_day, excluded.teacher_day)
  WHERE excluded.student_day > coalesce(p.student_day, '-infinity')
     OR excluded.teacher_day > coalesce(p.teacher_day, '-infinity');
END $$;
--> statement-breakpoint
-- Some of these (school, user) pairs lost time (a row deleted, emptied or moved): their last
-- days, read again from time_on_task.
CREATE FUNCTION refrain_usage_recount(school_ids integer[], user_ids integer[])
  RETURNS void LANGUAGE sql AS $$
  WITH pairs AS (
    SELECT DISTINCT x.s, x.u FROM unnest(school_ids, user_ids) AS x(s, u)
  ),
  made AS (
    SELECT p.s, p.u,
      (SELECT max(t.day) FROM time_on_task t
       WHERE t.user_id = p.u AND t.school_id = p.s AND t.kind <> 'teacher_investment'
         AND t.seconds > 0) AS sd,
      (SELECT max(t.day) FROM time_on_task t
       WHERE t.user_id = p.u AND t.school_id = p.s AND t.kind = 'teacher_investment'
         AND t.seconds > 0) AS td
    FROM pairs p
  ),
  gone AS (
    DELETE FROM usage_people p USING made m
    WHERE p.school_id = m.s AND p.user_id = m.u AND m.sd IS NULL AND m.td IS NULL
  )
  INSERT INTO usage_people AS p (school_id, user_id, student_day, teacher_day)
  SELECT m.s, m.u, m.sd, m.td FROM made m
  WHERE (m.sd IS NOT NULL OR m.td IS NOT NULL)
    AND EXISTS (SELECT 1 FROM schools s WHERE s.id = m.s)
    AND EXISTS (SELECT 1 FROM users u WHERE u.id = m.u)
  ORDER BY m.s, m.u
  ON CONFLICT (school_id, user_id) DO UPDATE SET
    student_day = excluded.student_day, teacher_day = excluded.teacher_day
  WHERE (p.student_day, p.teacher_day) IS DISTINCT FROM (excluded.student_day, excluded.teacher_day)
$$;
--> statement-breakpoint
-- The last day each (school, teacher) was active as a teacher, made again: their own investment
-- time there, or the student time there of one of their students who counts in the summary
-- (enrolled, in a class of the school's district: `studentsOfDistrict`) and has no investment
-- time there.
CREATE FUNCTION refrain_usage_lead(school_ids integer[], teacher_ids integer[])
  RETURNS void LANGUAGE sql AS $$
  WITH pairs AS (
    SELECT DISTINCT x.s, x.t FROM unnest(school_ids, teacher_ids) AS x(s, t)
    WHERE x.s IS NOT NULL AND x.t IS NOT NULL
  ),
  made AS (
    SELECT p.s, p.t, greatest(
      (SELECT u.teacher_day FROM usage_people u WHERE u.school_id = p.s AND u.user_id = p.t),
      (SELECT max(u.student_day)
       FROM users pupil JOIN usage_people u ON u.school_id = p.s AND u.user_id = pupil.id
       WHERE pupil.teacher_id = p.t AND pupil.role = 'student' AND pupil.deactivated_at IS NULL
         AND u.teacher_day IS NULL
         AND EXISTS (SELECT 1 FROM users t JOIN schools ts ON ts.id = t.school_id
                     JOIN schools ps ON ps.district_id = ts.district_id
                     WHERE t.id = p.t AND ps.id = p.s))) AS day
    FROM pairs p
  ),
  gone AS (
    DELETE FROM usage_leads l USING made m
    WHERE l.school_id = m.s AND l.teacher_id = m.t AND m.day IS NULL
  )
  INSERT INTO usage_leads AS l (school_id, teacher_id, day)
  SELECT m.s, m.t, m.day FROM made m
  WHERE m.day IS NOT NULL
    AND EXISTS (SELECT 1 FROM schools s WHERE s.id = m.s)
    AND EXISTS (SELECT 1 FROM users u WHERE u.id = m.t)
  ORDER BY m.s, m.t
  ON CONFLICT (school_id, teacher_id) DO UPDATE SET day = excluded.day
  WHERE l.day <> excluded.day
$$;
--> statement-breakpoint
-- Every school day of these teachers made again: where they were active, and where their
-- students (as they are now) have time.
CREATE FUNCTION refrain_usage_teachers(teacher_ids integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT refrain_usage_lead(array_agg(x.s), array_agg(x.t)) FROM (
    SELECT l.school_id AS s, l.teacher_id AS t FROM usage_leads l
    WHERE l.teacher_id = ANY(teacher_ids)
    UNION
    SELECT u.school_id, pupil.teacher_id FROM users pupil
    JOIN usage_people u ON u.user_id = pupil.id
    WHERE pupil.teacher_id = ANY(teacher_ids) AND u.student_day IS NOT NULL
  ) x
$$;
--> statement-breakpoint
-- time_on_task changed: the seconds of each school's days, then its users' last days.
CREATE FUNCTION refrain_usage_time() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_s integer[]; v_d date[]; v_st bigint[]; v_te bigint[]; v_re bigint[]; v_co bigint[];
  v_gs integer[]; v_gu integer[]; v_gsd date[]; v_gtd date[];
  v_ls integer[]; v_lu integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(x.school_id), array_agg(x.day), array_agg(x.st), array_agg(x.te),
      array_agg(x.re), array_agg(x.co) INTO v_s, v_d, v_st, v_te, v_re, v_co
    FROM (SELECT school_id, day,
            sum(seconds) FILTER (WHERE kind <> 'teacher_investment') AS st,
            sum(seconds) FILTER (WHERE kind = 'teacher_investment') AS te,
            sum(seconds) FILTER (WHERE kind = 'reading') AS re,
            sum(seconds) FILTER (WHERE kind = 'comprehension') AS co
          FROM new_rows WHERE school_id IS NOT NULL AND seconds > 0
          GROUP BY school_id, day) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(x.school_id), array_agg(x.day), array_agg(-x.st), array_agg(-x.te),
      array_agg(-x.re), array_agg(-x.co) INTO v_s, v_d, v_st, v_te, v_re, v_co
    FROM (SELECT school_id, day,
            sum(seconds) FILTER (WHERE kind <> 'teacher_investment') AS st,
            sum(seconds) FILTER (WHERE kind = 'teacher_investment') AS te,
            sum(seconds) FILTER (WHERE kind = 'reading') AS re,
            sum(seconds) FILTER (WHERE kind = 'comprehension') AS co
          FROM old_rows WHERE school_id IS NOT NULL AND seconds > 0
          GROUP BY school_id, day) x;
  ELSE
    SELECT array_agg(x.school_id), array_agg(x.day), array_agg(x.st), array_agg(x.te),
      array_agg(x.re), array_agg(x.co) INTO v_s, v_d, v_st, v_te, v_re, v_co
    FROM (SELECT school_id, day,
            coalesce(sum(seconds) FILTER (WHERE kind <> 'teacher_investment'), 0) AS st,
            coalesce(sum(seconds) FILTER (WHERE kind = 'teacher_investment'), 0) AS te,
            coalesce(sum(seconds) FILTER (WHERE kind = 'reading'), 0) AS re,
            coalesce(sum(seconds) FILTER (WHERE kind = 'comprehension'), 0) AS co
          FROM (SELECT school_id, day, kind, seconds FROM new_rows
                UNION ALL SELECT school_id, day, kind, -seconds FROM old_rows) c
          WHERE school_id IS NOT NULL AND seconds <> 0
          GROUP BY school_id, day) x
    WHERE (x.st, x.te, x.re, x.co) <> (0, 0, 0, 0);
  END IF;
  IF v_s IS NOT NULL THEN
    PERFORM refrain_usage_add(v_s, v_d, v_st, v_te, v_re, v_co, NULL, NULL);
  END IF;

  -- Time credited on a later day raises the last days; time taken away reads them again.
  IF TG_OP <> 'DELETE' THEN
    SELECT array_agg(x.school_id), array_agg(x.user_id), array_agg(x.sd), array_agg(x.td)
      INTO v_gs, v_gu, v_gsd, v_gtd
    FROM (SELECT school_id, user_id,
            max(day) FILTER (WHERE kind <> 'teacher_investment') AS sd,
            max(day) FILTER (WHERE kind = 'teacher_investment') AS td
          FROM new_rows WHERE school_id IS NOT NULL AND seconds > 0
          GROUP BY school_id, user_id) x;
    IF v_gs IS NOT NULL THEN
      PERFORM refrain_usage_grow(v_gs, v_gu, v_gsd, v_gtd);
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(x.school_id), array_agg(x.user_id) INTO v_ls, v_lu
    FROM (SELECT DISTINCT school_id, user_id FROM old_rows
          WHERE school_id IS NOT NULL AND seconds > 0) x;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(x.school_id), array_agg(x.user_id) INTO v_ls, v_lu
    FROM (SELECT DISTINCT o.school_id, o.user_id FROM old_rows o
          LEFT JOIN new_rows n ON n.user_id = o.user_id AND n.kind = o.kind AND n.day = o.day
          WHERE o.school_id IS NOT NULL AND o.seconds > 0
            AND (n.seconds IS NULL OR n.seconds = 0 OR n.school_id IS DISTINCT FROM o.school_id)) x;
  END IF;
  IF v_ls IS NOT NULL THEN
    PERFORM refrain_usage_recount(v_ls, v_lu);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A (school, user)'s last days moved: the count of people by last day, and the teacher days it
-- feeds (the user's own, and their teacher's).
CREATE FUNCTION refrain_usage_people() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_s integer[]; v_d date[]; v_n integer[];
  v_ls integer[]; v_lt integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(x.school_id), array_agg(x.day), array_agg(x.n) INTO v_s, v_d, v_n
    FROM (SELECT school_id, student_day AS day, count(*)::int AS n FROM new_rows
          WHERE student_day IS NOT NULL GROUP BY 1, 2) x;
    SELECT array_agg(x.school_id), array_agg(x.t) INTO v_ls, v_lt
    FROM (SELECT c.school_id, v.t FROM new_rows c LEFT JOIN users u ON u.id = c.user_id,
            LATERAL (VALUES (u.teacher_id),
                            (CASE WHEN c.teacher_day IS NOT NULL THEN c.user_id END)) AS v(t)
          WHERE v.t IS NOT NULL) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(x.school_id), array_agg(x.day), array_agg(x.n) INTO v_s, v_d, v_n
    FROM (SELECT school_id, student_day AS day, -count(*)::int AS n FROM old_rows
          WHERE student_day IS NOT NULL GROUP BY 1, 2) x;
    SELECT array_agg(x.school_id), array_agg(x.t) INTO v_ls, v_lt
    FROM (SELECT c.school_id, v.t FROM old_rows c LEFT JOIN users u ON u.id = c.user_id,
            LATERAL (VALUES (u.teacher_id),
                            (CASE WHEN c.teacher_day IS NOT NULL THEN c.user_id END)) AS v(t)
          WHERE v.t IS NOT NULL) x;
  ELSE
    SELECT array_agg(x.school_id), array_agg(x.day), array_agg(x.n) INTO v_s, v_d, v_n
    FROM (SELECT school_id, day, sum(n)::int AS n
          FROM (SELECT school_id, student_day AS day, 1 AS n FROM new_rows
                UNION ALL SELECT school_id, student_day, -1 FROM old_rows) c
          WHERE day IS NOT NULL GROUP BY 1, 2 HAVING sum(n) <> 0) x;
    SELECT array_agg(x.school_id), array_agg(x.t) INTO v_ls, v_lt
    FROM (SELECT c.school_id, v.t
          FROM old_rows o JOIN new_rows c ON c.school_id = o.school_id AND c.user_id = o.user_id
          LEFT JOIN users u ON u.id = c.user_id,
            LATERAL (VALUES (u.teacher_id),
                            (CASE WHEN o.teacher_day IS DISTINCT FROM c.teacher_day
                             THEN c.user_id END)) AS v(t)
          WHERE v.t IS NOT NULL
            AND (o.student_day, o.teacher_day) IS DISTINCT FROM (c.student_day, c.teacher_day)) x;
  END IF;
  IF v_s IS NOT NULL THEN
    PERFORM refrain_usage_add(v_s, v_d, NULL, NULL, NULL, NULL, v_n, NULL);
  END IF;
  IF v_ls IS NOT NULL THEN
    PERFORM refrain_usage_lead(v_ls, v_lt);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A (school, teacher)'s last day moved: the count of teachers by last day.
CREATE FUNCTION refrain_usage_leads() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_s integer[]; v_d date[]; v_n integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(x.school_id), array_agg(x.day), array_agg(x.n) INTO v_s, v_d, v_n
    FROM (SELECT school_id, day, count(*)::int AS n FROM new_rows GROUP BY 1, 2) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(x.school_id), array_agg(x.day), array_agg(x.n) INTO v_s, v_d, v_n
    FROM (SELECT school_id, day, -count(*)::int AS n FROM old_rows GROUP BY 1, 2) x;
  ELSE
    SELECT array_agg(x.school_id), array_agg(x.day), array_agg(x.n) INTO v_s, v_d, v_n
    FROM (SELECT school_id, day, sum(n)::int AS n
          FROM (SELECT school_id, day, 1 AS n FROM new_rows
                UNION ALL SELECT school_id, day, -1 FROM old_rows) c
          GROUP BY 1, 2 HAVING sum(n) <> 0) x;
  END IF;
  IF v_s IS NOT NULL THEN
    PERFORM refrain_usage_add(v_s, v_d, NULL, NULL, NULL, NULL, NULL, v_n);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A student joined or left a class, was deactivated or stopped being a student; a teacher moved
-- school (their classes now count in another district); a user went. Sign-ins do not count.
CREATE FUNCTION refrain_usage_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  teacher_ids integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    teacher_ids := ARRAY(SELECT DISTINCT o.teacher_id FROM old_rows o
                         WHERE o.teacher_id IS NOT NULL);
  ELSE
    teacher_ids := ARRAY(
      SELECT v.t FROM old_rows o JOIN new_rows n ON n.id = o.id,
        LATERAL (VALUES (o.teacher_id), (n.teacher_id)) AS v(t)
      WHERE v.t IS NOT NULL
        AND (o.role, o.teacher_id, o.deactivated_at)
            IS DISTINCT FROM (n.role, n.teacher_id, n.deactivated_at)
      UNION
      SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.school_id IS DISTINCT FROM n.school_id);
  END IF;
  IF cardinality(teacher_ids) > 0 THEN
    PERFORM refrain_usage_teachers(teacher_ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A school moved district: the students who count for it, and for its teachers, changed.
CREATE FUNCTION refrain_usage_schools() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  school_ids integer[];
BEGIN
  school_ids := ARRAY(SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
                      WHERE o.district_id IS DISTINCT FROM n.district_id);
  IF cardinality(school_ids) > 0 THEN
    PERFORM refrain_usage_teachers(ARRAY(SELECT t.id FROM users t
                                         WHERE t.school_id = ANY(school_ids)));
    PERFORM refrain_usage_lead(array_agg(x.s), array_agg(x.t)) FROM (
      SELECT l.school_id AS s, l.teacher_id AS t FROM usage_leads l
      WHERE l.school_id = ANY(school_ids)
      UNION
      SELECT u.school_id, pupil.teacher_id FROM usage_people u
      JOIN users pupil ON pupil.id = u.user_id
      WHERE u.school_id = ANY(school_ids) AND u.student_day IS NOT NULL) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- These schools' people counted again, as `listDistrictSchools` counts them: class owners
-- (teachers and parents) not deactivated, and enrolled students of the school's users' classes.
CREATE FUNCTION refrain_usage_count_people(school_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO usage_school_people AS p (school_id, teachers, students)
  SELECT s.id,
    (SELECT count(*) FROM users t WHERE t.school_id = s.id
       AND t.role IN ('teacher', 'parent') AND t.deactivated_at IS NULL),
    (SELECT count(*) FROM users t JOIN users u ON u.teacher_id = t.id
     WHERE t.school_id = s.id AND u.role = 'student' AND u.deactivated_at IS NULL)
  FROM schools s WHERE s.id IN (SELECT DISTINCT unnest(school_ids))
  ORDER BY s.id
  ON CONFLICT (school_id) DO UPDATE SET teachers = excluded.teachers, students = excluded.students
  WHERE (p.teachers, p.students) IS DISTINCT FROM (excluded.teachers, excluded.students)
$$;
--> statement-breakpoint
-- A user joined, left, moved school or class, changed role or was deactivated: the schools of
-- their old and new place are counted again. Sign-ins do not count.
CREATE FUNCTION refrain_usage_users_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  school_ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    school_ids := ARRAY(
      SELECT n.school_id FROM new_rows n WHERE n.school_id IS NOT NULL
      UNION SELECT t.school_id FROM new_rows n JOIN users t ON t.id = n.teacher_id);
  ELSIF TG_OP = 'DELETE' THEN
    school_ids := ARRAY(
      SELECT o.school_id FROM old_rows o WHERE o.school_id IS NOT NULL
      UNION SELECT t.school_id FROM old_rows o JOIN users t ON t.id = o.teacher_id);
  ELSE
    school_ids := ARRAY(
      SELECT v.s FROM old_rows o JOIN new_rows n ON n.id = o.id,
        LATERAL (VALUES (o.school_id), (n.school_id),
                        ((SELECT t.school_id FROM users t WHERE t.id = o.teacher_id)),
                        ((SELECT t.school_id FROM users t WHERE t.id = n.teacher_id))) AS v(s)
      WHERE v.s IS NOT NULL
        AND (o.role, o.deactivated_at, o.school_id, o.teacher_id)
            IS DISTINCT FROM (n.role, n.deactivated_at, n.school_id, n.teacher_id));
  END IF;
  IF cardinality(school_ids) > 0 THEN
    PERFORM refrain_usage_count_people(school_ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What time_on_task holds today.
INSERT INTO usage_people (school_id, user_id, student_day, teacher_day)
SELECT school_id, user_id,
  max(day) FILTER (WHERE kind <> 'teacher_investment'),
  max(day) FILTER (WHERE kind = 'teacher_investment')
FROM time_on_task WHERE school_id IS NOT NULL AND seconds > 0
GROUP BY school_id, user_id;
--> statement-breakpoint
SELECT refrain_usage_lead(array_agg(x.s), array_agg(x.t)) FROM (
  SELECT u.school_id AS s, pupil.teacher_id AS t FROM usage_people u
  JOIN users pupil ON pupil.id = u.user_id WHERE u.student_day IS NOT NULL
  UNION
  SELECT school_id, user_id FROM usage_people WHERE teacher_day IS NOT NULL) x;
--> statement-breakpoint
SELECT refrain_usage_add(array_agg(x.school_id), array_agg(x.day), array_agg(x.st),
  array_agg(x.te), array_agg(x.re), array_agg(x.co), NULL, NULL)
FROM (SELECT school_id, day,
        sum(seconds) FILTER (WHERE kind <> 'teacher_investment') AS st,
        sum(seconds) FILTER (WHERE kind = 'teacher_investment') AS te,
        sum(seconds) FILTER (WHERE kind = 'reading') AS re,
        sum(seconds) FILTER (WHERE kind = 'comprehension') AS co
      FROM time_on_task WHERE school_id IS NOT NULL AND seconds > 0
      GROUP BY school_id, day) x;
--> statement-breakpoint
SELECT refrain_usage_add(array_agg(x.school_id), array_agg(x.day), NULL, NULL, NULL, NULL,
  array_agg(x.n), NULL)
FROM (SELECT school_id, student_day AS day, count(*)::int AS n FROM usage_people
      WHERE student_day IS NOT NULL GROUP BY 1, 2) x;
--> statement-breakpoint
SELECT refrain_usage_add(array_agg(x.school_id), array_agg(x.day), NULL, NULL, NULL, NULL,
  NULL, array_agg(x.n))
FROM (SELECT school_id, day, count(*)::int AS n FROM usage_leads GROUP BY 1, 2) x;
--> statement-breakpoint
SELECT refrain_usage_count_people(ARRAY(SELECT id FROM schools));
--> statement-breakpoint
CREATE TRIGGER time_on_task_usage_inserted AFTER INSERT ON time_on_task
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_usage_time();
--> statement-breakpoint
CREATE TRIGGER time_on_task_usage_updated AFTER UPDATE ON time_on_task
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_usage_time();
--> statement-breakpoint
CREATE TRIGGER time_on_task_usage_deleted AFTER DELETE ON time_on_task
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_usage_time();
--> statement-breakpoint
CREATE TRIGGER usage_people_inserted AFTER INSERT ON usage_people
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_usage_people();
--> statement-breakpoint
CREATE TRIGGER usage_people_updated AFTER UPDATE ON usage_people
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_usage_people();
--> statement-breakpoint
CREATE TRIGGER usage_people_deleted AFTER DELETE ON usage_people
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_usage_people();
--> statement-breakpoint
CREATE TRIGGER usage_leads_inserted AFTER INSERT ON usage_leads
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_usage_leads();
--> statement-breakpoint
CREATE TRIGGER usage_leads_updated AFTER UPDATE ON usage_leads
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_usage_leads();
--> statement-breakpoint
CREATE TRIGGER usage_leads_deleted AFTER DELETE ON usage_leads
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_usage_leads();
--> statement-breakpoint
CREATE TRIGGER users_usage_updated AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_usage_users();
--> statement-breakpoint
CREATE TRIGGER users_usage_deleted AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_usage_users();
--> statement-breakpoint
CREATE TRIGGER schools_usage_updated AFTER UPDATE ON schools
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_usage_schools();
--> statement-breakpoint
CREATE TRIGGER users_usage_counted_inserted AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_usage_users_counted();
--> statement-breakpoint
CREATE TRIGGER users_usage_counted_updated AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_usage_users_counted();
--> statement-breakpoint
CREATE TRIGGER users_usage_counted_deleted AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_usage_users_counted();
