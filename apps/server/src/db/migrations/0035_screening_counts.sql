CREATE TABLE "screening_counts" (
	"school_id" integer NOT NULL,
	"school_year" smallint NOT NULL,
	"teacher_id" integer NOT NULL,
	"season" text NOT NULL,
	"grade" smallint NOT NULL,
	"bucket" text NOT NULL,
	"students" integer NOT NULL,
	CONSTRAINT "screening_counts_school_id_school_year_teacher_id_season_grade_bucket_pk" PRIMARY KEY("school_id","school_year","teacher_id","season","grade","bucket")
);
--> statement-breakpoint
CREATE TABLE "screening_counts_made" (
	"school_id" integer NOT NULL,
	"school_year" smallint NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "screening_counts_made_school_id_school_year_pk" PRIMARY KEY("school_id","school_year")
);
--> statement-breakpoint
CREATE TABLE "screening_school_changes" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "screening_counts" ADD CONSTRAINT "screening_counts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_counts_made" ADD CONSTRAINT "screening_counts_made_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_school_changes" ADD CONSTRAINT "screening_school_changes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What a school's screening counts are made from changed: raise its change count, so that the
-- next Screening page or school PDF makes them again (areas/screening/counts.ts, decision 0038).
-- Triggers rather than calls in each service: a benchmark reading is graded in fluency, a
-- student moves in roster or OneRoster import, erasure deletes, and a count must not go stale
-- because one of those paths forgot. Schools are locked in id order; a school deleted by the
-- same statement (whose rows go with it) is passed over.
CREATE FUNCTION refrain_screening_changed(school_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO screening_school_changes (school_id, version)
  SELECT s.id, 1 FROM schools s JOIN (SELECT DISTINCT unnest(school_ids) AS id) x ON x.id = s.id
  ORDER BY s.id
  ON CONFLICT (school_id) DO UPDATE SET version = screening_school_changes.version + 1
$$;
--> statement-breakpoint
-- The school of the class a student is in, by the student's id.
CREATE FUNCTION refrain_school_of_student(student_id integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT t.school_id FROM users s JOIN users t ON t.id = s.teacher_id WHERE s.id = student_id
$$;
--> statement-breakpoint
-- A benchmark reading moved or went (a new one counts only once graded: its grade's trigger).
CREATE FUNCTION refrain_screening_recordings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM refrain_screening_changed(ARRAY(
      SELECT refrain_school_of_student(o.student_id) FROM old_rows o
      WHERE o.classification = 'benchmark'));
  ELSE
    PERFORM refrain_screening_changed(ARRAY(
      SELECT refrain_school_of_student(x.student_id)
      FROM old_rows o JOIN new_rows n ON n.id = o.id,
           LATERAL (VALUES (o.student_id), (n.student_id)) AS x(student_id)
      WHERE 'benchmark' IN (o.classification, n.classification)
        AND (o.student_id, o.lesson_id, o.classification, o.created_at)
            IS DISTINCT FROM (n.student_id, n.lesson_id, n.classification, n.created_at)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER recordings_screening_updated AFTER UPDATE ON recordings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_screening_recordings();
--> statement-breakpoint
CREATE TRIGGER recordings_screening_deleted AFTER DELETE ON recordings
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_screening_recordings();
--> statement-breakpoint
-- A benchmark reading's grade was given, changed or taken back.
CREATE FUNCTION refrain_screening_grades() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recording_ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    recording_ids := ARRAY(SELECT recording_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    recording_ids := ARRAY(SELECT recording_id FROM old_rows);
  ELSE
    recording_ids := ARRAY(SELECT recording_id FROM old_rows UNION SELECT recording_id FROM new_rows);
  END IF;
  PERFORM refrain_screening_changed(ARRAY(
    SELECT refrain_school_of_student(r.student_id) FROM recordings r
    WHERE r.id = ANY(recording_ids) AND r.classification = 'benchmark'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER recording_grades_screening_inserted AFTER INSERT ON recording_grades
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_screening_grades();
--> statement-breakpoint
CREATE TRIGGER recording_grades_screening_updated AFTER UPDATE ON recording_grades
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_screening_grades();
--> statement-breakpoint
CREATE TRIGGER recording_grades_screening_deleted AFTER DELETE ON recording_grades
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_screening_grades();
--> statement-breakpoint
-- A student joined, left, moved class, changed grade or was deactivated; a teacher changed
-- school. Sign-in times and names do not count.
CREATE FUNCTION refrain_screening_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refrain_screening_changed(ARRAY(
      SELECT t.school_id FROM new_rows n JOIN users t ON t.id = n.teacher_id
      WHERE n.role = 'student'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refrain_screening_changed(ARRAY(
      SELECT t.school_id FROM old_rows o JOIN users t ON t.id = o.teacher_id
      UNION SELECT o.school_id FROM old_rows o));
  ELSE
    PERFORM refrain_screening_changed(ARRAY(
      SELECT x.school_id
      FROM old_rows o JOIN new_rows n ON n.id = o.id,
           LATERAL (VALUES (o.school_id), (n.school_id),
                           ((SELECT t.school_id FROM users t WHERE t.id = o.teacher_id)),
                           ((SELECT t.school_id FROM users t WHERE t.id = n.teacher_id)))
             AS x(school_id)
      WHERE (o.role, o.teacher_id, o.plan_id, o.deactivated_at, o.school_id)
            IS DISTINCT FROM (n.role, n.teacher_id, n.plan_id, n.deactivated_at, n.school_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_screening_inserted AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_screening_users();
--> statement-breakpoint
CREATE TRIGGER users_screening_updated AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_screening_users();
--> statement-breakpoint
CREATE TRIGGER users_screening_deleted AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_screening_users();
--> statement-breakpoint
-- A school moved district: it reads in other windows, by other cut scores.
CREATE FUNCTION refrain_screening_schools() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refrain_screening_changed(ARRAY(
    SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.district_id IS DISTINCT FROM n.district_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER schools_screening_updated AFTER UPDATE ON schools
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_screening_schools();
--> statement-breakpoint
-- A district's, a school's or a teacher's windows or passages changed: the schools they bind.
CREATE FUNCTION refrain_screening_calendars() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  district_ids integer[];
  school_ids integer[];
  teacher_ids integer[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    district_ids := ARRAY(SELECT district_id FROM old_rows);
    school_ids := ARRAY(SELECT school_id FROM old_rows);
    teacher_ids := ARRAY(SELECT teacher_id FROM old_rows);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    district_ids := district_ids || ARRAY(SELECT district_id FROM new_rows);
    school_ids := school_ids || ARRAY(SELECT school_id FROM new_rows);
    teacher_ids := teacher_ids || ARRAY(SELECT teacher_id FROM new_rows);
  END IF;
  PERFORM refrain_screening_changed(ARRAY(
    SELECT s.id FROM schools s
    WHERE s.district_id = ANY(district_ids) OR s.id = ANY(school_ids)
       OR s.id IN (SELECT t.school_id FROM users t WHERE t.id = ANY(teacher_ids))));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER benchmark_calendars_screening_inserted AFTER INSERT ON benchmark_calendars
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_screening_calendars();
--> statement-breakpoint
CREATE TRIGGER benchmark_calendars_screening_updated AFTER UPDATE ON benchmark_calendars
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_screening_calendars();
--> statement-breakpoint
CREATE TRIGGER benchmark_calendars_screening_deleted AFTER DELETE ON benchmark_calendars
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_screening_calendars();
--> statement-breakpoint
-- A district's cut scores changed: its schools' tiers.
CREATE FUNCTION refrain_screening_cut_scores() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  district_ids integer[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    district_ids := ARRAY(SELECT district_id FROM old_rows);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    district_ids := district_ids || ARRAY(SELECT district_id FROM new_rows);
  END IF;
  PERFORM refrain_screening_changed(ARRAY(
    SELECT s.id FROM schools s WHERE s.district_id = ANY(district_ids)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER district_cut_scores_screening_inserted AFTER INSERT ON district_cut_scores
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_screening_cut_scores();
--> statement-breakpoint
CREATE TRIGGER district_cut_scores_screening_updated AFTER UPDATE ON district_cut_scores
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_screening_cut_scores();
--> statement-breakpoint
CREATE TRIGGER district_cut_scores_screening_deleted AFTER DELETE ON district_cut_scores
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_screening_cut_scores();
--> statement-breakpoint
-- A benchmark passage came or went: the default windows read each grade's first three. Every
-- school with counts made reads again (passages change with the catalogue, rarely).
CREATE FUNCTION refrain_screening_lessons() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := EXISTS (SELECT 1 FROM new_rows WHERE benchmark_grade IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    changed := EXISTS (SELECT 1 FROM old_rows WHERE benchmark_grade IS NOT NULL);
  ELSE
    changed := EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                       WHERE o.benchmark_grade IS DISTINCT FROM n.benchmark_grade);
  END IF;
  IF changed THEN
    PERFORM refrain_screening_changed(ARRAY(SELECT school_id FROM screening_counts_made));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lessons_screening_inserted AFTER INSERT ON lessons
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_screening_lessons();
--> statement-breakpoint
CREATE TRIGGER lessons_screening_updated AFTER UPDATE ON lessons
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_screening_lessons();
--> statement-breakpoint
CREATE TRIGGER lessons_screening_deleted AFTER DELETE ON lessons
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_screening_lessons();
