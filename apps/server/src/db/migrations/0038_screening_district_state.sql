CREATE TABLE "screening_district_counts_state" (
	"district_id" integer NOT NULL,
	"school_year" smallint NOT NULL,
	"changed" boolean NOT NULL,
	"making" integer NOT NULL,
	"made" integer,
	CONSTRAINT "screening_district_counts_state_district_id_school_year_pk" PRIMARY KEY("district_id","school_year")
);
--> statement-breakpoint
DROP TABLE "screening_district_counts_made" CASCADE;--> statement-breakpoint
ALTER TABLE "screening_district_counts_state" ADD CONSTRAINT "screening_district_counts_state_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A district's kept sums went stale (decision 0038): its state rows of every year are marked,
-- only those still clear. A marked row is neither locked nor written again, so a district's
-- gradings queue on it only for the first change after a making began; rows are locked in order.
CREATE FUNCTION refrain_screening_districts_changed(district_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM screening_district_counts_state
  WHERE district_id = ANY(district_ids) AND NOT changed
  ORDER BY district_id, school_year FOR UPDATE;
  UPDATE screening_district_counts_state SET changed = true
  WHERE district_id = ANY(district_ids) AND NOT changed;
END $$;
--> statement-breakpoint
-- As in migration 0035, and the districts of the schools marked first: a transaction that finds
-- its district marked already goes on to its schools without waiting on the district's row.
CREATE OR REPLACE FUNCTION refrain_screening_changed(school_ids integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT refrain_screening_districts_changed(ARRAY(
    SELECT DISTINCT s.district_id FROM schools s
    WHERE s.id = ANY(school_ids) AND s.district_id IS NOT NULL));
  INSERT INTO screening_school_changes (school_id, version)
  SELECT s.id, 1 FROM schools s JOIN (SELECT DISTINCT unnest(school_ids) AS id) x ON x.id = s.id
  ORDER BY s.id
  ON CONFLICT (school_id) DO UPDATE SET version = screening_school_changes.version + 1
$$;
--> statement-breakpoint
-- A school moved district: both districts' sums, and its own counts (other windows, other cut
-- scores). A school deleted: its district's sums (its teachers stay, without a school, so no
-- trigger of theirs finds the district). A new school has no students yet: theirs will mark it.
CREATE OR REPLACE FUNCTION refrain_screening_schools() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM refrain_screening_districts_changed(ARRAY(
      SELECT o.district_id FROM old_rows o WHERE o.district_id IS NOT NULL));
  ELSE
    PERFORM refrain_screening_districts_changed(ARRAY(
      SELECT o.district_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.district_id IS DISTINCT FROM n.district_id AND o.district_id IS NOT NULL));
    PERFORM refrain_screening_changed(ARRAY(
      SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.district_id IS DISTINCT FROM n.district_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER schools_screening_deleted AFTER DELETE ON schools
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_screening_schools();
