CREATE TABLE "receipt_link_revocations" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_by" integer
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Two roles (ADR 0026). The server's role owns nothing and holds INSERT and SELECT on the access
-- log; the chain trigger moves the head with its owner's rights, so the server never needs UPDATE
-- on access_log_head. A fixed search_path keeps a SECURITY DEFINER function from being pointed at
-- objects the caller made.
ALTER FUNCTION access_log_chain() SECURITY DEFINER SET search_path = public, pg_temp;
--> statement-breakpoint
ALTER FUNCTION access_log_canonical(access_log) SET search_path = public, pg_temp;
--> statement-breakpoint
-- The one way the server's role destroys access-log rows: the expired prefix, the head's purge
-- point and the destruction record, in one statement. Which prefix has expired is the retention
-- service's reckoning; what the function guarantees is that no row goes without its record.
CREATE FUNCTION access_log_purge(p_through bigint, p_staff_id integer, p_rule text)
RETURNS SETOF destruction_records
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  head access_log_head%ROWTYPE;
  last_at timestamptz;
  deleted bigint;
BEGIN
  SELECT * INTO head FROM access_log_head WHERE id = 1 FOR UPDATE;
  IF p_through IS NULL OR p_through <= head.purged_through_seq OR p_through > head.seq THEN
    RAISE EXCEPTION 'access_log_purge: % is not past the purge point % and within the head %',
      p_through, head.purged_through_seq, head.seq USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT occurred_at INTO last_at FROM access_log WHERE seq = p_through;
  UPDATE access_log_head SET purged_through_seq = p_through WHERE id = 1 RETURNING * INTO head;
  WITH d AS (DELETE FROM access_log WHERE seq <= p_through RETURNING 1) SELECT count(*) INTO deleted FROM d;
  RETURN QUERY
    INSERT INTO destruction_records (staff_id, rule, kind, counts, detail)
    VALUES (p_staff_id, p_rule, 'access_log', jsonb_build_object('rows', deleted),
            jsonb_build_object('through_seq', p_through, 'through_hash', head.purged_hash,
                               'last_destroyed_at', to_char(last_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
    RETURNING *;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION access_log_purge(bigint, integer, text) FROM PUBLIC;
--> statement-breakpoint
-- A session's last use is written as it is used: only a change that ends or moves a session tells
-- the other processes to forget what they remember (ADR 0020).
DROP TRIGGER "sessions_auth_changed" ON "sessions";
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE OF "token_hash", "staff_user_id", "expires_at", "revoked_at" OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "loupe_auth_changed"();
