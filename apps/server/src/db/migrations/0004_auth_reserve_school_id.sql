-- The sign-up forms use the school value 1 for "My School Is Not Listed", so no real school
-- may have id 1. A database that already has one moves it to a new id (every foreign key that
-- points at schools follows), then the id sequence continues at 2 or after the highest id.
DO $$
DECLARE
  moved integer;
  ref record;
BEGIN
  IF EXISTS (SELECT 1 FROM schools WHERE id = 1) THEN
    moved := (SELECT max(id) + 1 FROM schools);
    CREATE TEMP TABLE reserved_school AS SELECT * FROM schools WHERE id = 1;
    UPDATE reserved_school SET id = moved;
    INSERT INTO schools SELECT * FROM reserved_school;
    DROP TABLE reserved_school;
    FOR ref IN
      SELECT c.conrelid::regclass AS tbl, a.attname AS col
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.confrelid = 'schools'::regclass
    LOOP
      EXECUTE format('UPDATE %s SET %I = $1 WHERE %I = 1', ref.tbl, ref.col, ref.col) USING moved;
    END LOOP;
    DELETE FROM schools WHERE id = 1;
  END IF;
  PERFORM setval(
    pg_get_serial_sequence('schools', 'id'),
    greatest(2, (SELECT coalesce(max(id), 0) + 1 FROM schools)),
    false
  );
END $$;
