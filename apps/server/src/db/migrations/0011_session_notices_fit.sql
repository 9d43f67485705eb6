-- A notice holds at most 8000 bytes: 1000 user ids of 7 digits do not fit, and pg_notify's error
-- would fail the change itself. The list goes only when it fits; otherwise '*'.
CREATE OR REPLACE FUNCTION refrain_notify_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT string_agg(id::text, ',') INTO ids FROM old_users;
  ELSE
    SELECT string_agg(o.id::text, ',') INTO ids
    FROM old_users o JOIN new_users u ON u.id = o.id
    WHERE (o.password_hash, o.role, o.school_id, o.district_id, o.teacher_id, o.username,
           o.first_name, o.last_name)
      IS DISTINCT FROM
          (u.password_hash, u.role, u.school_id, u.district_id, u.teacher_id, u.username,
           u.first_name, u.last_name);
  END IF;
  IF length(ids) > 7000 THEN
    PERFORM pg_notify('refrain_sessions', '*');
  ELSIF ids IS NOT NULL THEN
    PERFORM pg_notify('refrain_sessions', 'u:' || ids);
  END IF;
  RETURN NULL;
END $$;
