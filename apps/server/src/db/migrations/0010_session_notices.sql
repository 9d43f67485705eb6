-- Every server process keeps found sessions in memory for a few seconds
-- (apps/server/src/plugins/session-cache.ts). These triggers tell all of them, through
-- pg_notify on 'refrain_sessions', when a session ends or what a session carries changes:
-- 's:<session ids>', 'u:<user ids>', or '*' (forget everything) when the list would not fit
-- in a notice (8000 bytes) or a school's district changed.
CREATE FUNCTION refrain_notify_sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  ids text;
BEGIN
  SELECT count(*), string_agg(id, ',') INTO n, ids FROM ended;
  IF n > 100 THEN
    PERFORM pg_notify('refrain_sessions', '*');
  ELSIF n > 0 THEN
    PERFORM pg_notify('refrain_sessions', 's:' || ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_ended AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS ended
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_notify_sessions_ended();
--> statement-breakpoint
-- A user's password, role, school, district, teacher or name changed: what their sessions
-- carry (or whether they should exist) changed. Sign-in times and other columns do not notify.
CREATE FUNCTION refrain_notify_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  ids text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT count(*), string_agg(id::text, ',') INTO n, ids FROM old_users;
  ELSE
    SELECT count(*), string_agg(o.id::text, ',') INTO n, ids
    FROM old_users o JOIN new_users u ON u.id = o.id
    WHERE (o.password_hash, o.role, o.school_id, o.district_id, o.teacher_id, o.username,
           o.first_name, o.last_name)
      IS DISTINCT FROM
          (u.password_hash, u.role, u.school_id, u.district_id, u.teacher_id, u.username,
           u.first_name, u.last_name);
  END IF;
  IF n > 1000 THEN
    PERFORM pg_notify('refrain_sessions', '*');
  ELSIF n > 0 THEN
    PERFORM pg_notify('refrain_sessions', 'u:' || ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_users NEW TABLE AS new_users
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_notify_users_changed();
--> statement-breakpoint
CREATE TRIGGER users_deleted AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_users
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_notify_users_changed();
--> statement-breakpoint
-- A session carries its user's district through their school.
CREATE FUNCTION refrain_notify_schools_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_schools o JOIN new_schools s ON s.id = o.id
             WHERE o.district_id IS DISTINCT FROM s.district_id) THEN
    PERFORM pg_notify('refrain_sessions', '*');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER schools_moved AFTER UPDATE ON schools
  REFERENCING OLD TABLE AS old_schools NEW TABLE AS new_schools
  FOR EACH STATEMENT EXECUTE FUNCTION refrain_notify_schools_moved();
