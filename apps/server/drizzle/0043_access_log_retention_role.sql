CREATE TABLE "access_log_anchors" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"head_seq" bigint NOT NULL,
	"signed" jsonb NOT NULL
);
--> statement-breakpoint
-- The retention periods in force (ADR 0013): each region's rule, else the law's default for the
-- region (AU and its second region 7 years, NZ and CA 10), else 10. One definition for the dry run
-- and for the purge, which reads it itself rather than trusting its caller (issue 43).
CREATE FUNCTION retention_periods()
RETURNS TABLE (region_id integer, region_name text, health_record_years integer, access_log_years integer, updated_at timestamptz)
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
  SELECT r.id, r.name,
         coalesce(rr.health_record_years, d.years, 10),
         coalesce(rr.access_log_years, d.years, 10),
         rr.updated_at
    FROM regions r
    LEFT JOIN retention_rules rr ON rr.region_id = r.id
    LEFT JOIN (VALUES (1, 7), (6, 7), (2, 10), (5, 10)) AS d(region_id, years) ON d.region_id = r.id
   ORDER BY r.id
$$;
--> statement-breakpoint
-- The prefix of the chain every row's region says may go at p_now: rows up to the first one still
-- kept (a row without a region keeps the longest period, at least 10 years). Walks the chain from
-- its oldest end by seq.
CREATE FUNCTION access_log_expired(p_now timestamptz)
RETURNS TABLE (through_seq bigint, expired_rows bigint, last_at timestamptz)
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
  WITH p AS (SELECT * FROM retention_periods()),
  longest AS (SELECT greatest(10, max(p.access_log_years)) AS years FROM p),
  head AS (SELECT h.seq, h.purged_through_seq FROM access_log_head h WHERE h.id = 1),
  first_kept AS (
    SELECT l.seq FROM access_log l
     WHERE l.occurred_at >= p_now - make_interval(years => coalesce(
             (SELECT p.access_log_years FROM p WHERE p.region_id = l.staff_region_id),
             (SELECT longest.years FROM longest)))
     ORDER BY l.seq LIMIT 1
  ),
  through AS (SELECT coalesce((SELECT first_kept.seq - 1 FROM first_kept), (SELECT head.seq FROM head)) AS seq)
  SELECT t.seq, greatest(0, t.seq - h.purged_through_seq),
         (SELECT l.occurred_at FROM access_log l WHERE l.seq = t.seq)
    FROM through t, head h
$$;
--> statement-breakpoint
-- The one way to destroy log rows (issue 43), replacing access_log_purge(through, staff, rule): no
-- arguments. It purges exactly what the retention periods say has expired now, names the rule from
-- them, and takes the staff member from the session the caller set in `loupe.session_id`: a live
-- session of an active administrator, or nothing happens. EXECUTE is granted to the retention
-- role only (platform/db/roles.ts), never to the server's role.
DROP FUNCTION access_log_purge(bigint, integer, text);
--> statement-breakpoint
CREATE FUNCTION access_log_purge()
RETURNS SETOF destruction_records
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  head access_log_head%ROWTYPE;
  expired record;
  staff integer;
  rule text;
  deleted bigint;
BEGIN
  SELECT u.id INTO staff
    FROM sessions s JOIN staff_users u ON u.id = s.staff_user_id
   WHERE s.id = nullif(current_setting('loupe.session_id', true), '')::integer
     AND s.revoked_at IS NULL AND s.expires_at > now() AND u.is_active AND u.role_id = 1;
  IF staff IS NULL THEN
    RAISE EXCEPTION 'access_log_purge: loupe.session_id names no live administrator''s session'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  SELECT * INTO head FROM access_log_head WHERE id = 1 FOR UPDATE;
  SELECT * INTO expired FROM access_log_expired(now());
  IF expired.expired_rows = 0 THEN
    RETURN;
  END IF;
  SELECT 'access log: each row kept for its region''s period ('
         || string_agg(p.region_name || ' ' || p.access_log_years || 'y', ', ' ORDER BY p.region_id) || ')'
    INTO rule FROM retention_periods() p;
  UPDATE access_log_head SET purged_through_seq = expired.through_seq WHERE id = 1 RETURNING * INTO head;
  WITH d AS (DELETE FROM access_log WHERE seq <= expired.through_seq RETURNING 1) SELECT count(*) INTO deleted FROM d;
  RETURN QUERY
    INSERT INTO destruction_records (staff_id, rule, kind, counts, detail)
    VALUES (staff, rule, 'access_log', jsonb_build_object('rows', deleted),
            jsonb_build_object('through_seq', expired.through_seq, 'through_hash', head.purged_hash,
                               'last_destroyed_at', to_char(expired.last_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
    RETURNING *;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION access_log_purge() FROM PUBLIC;
