-- The access log (ADR 0013): one hash chain over every row, kept by the database itself.
-- The canonical text of a row is a JSON array of its fields in a fixed order; the time is
-- microseconds since the epoch, the changed fields are joined with commas. `npm run audit:verify`
-- rebuilds the same text outside the database and checks every hash.
CREATE FUNCTION access_log_canonical(r access_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_array(
    r.seq, (extract(epoch FROM r.occurred_at) * 1000000)::bigint,
    r.staff_id, r.staff_role_id, r.staff_outlet_id, r.staff_region_id,
    r.action, r.resource, r.resource_id, r.customer_id,
    r.screen, r.route, r.request_id, r.address,
    r.outcome, r.reason, array_to_string(r.changed_fields, ',')
  )::text
$$;
--> statement-breakpoint
INSERT INTO access_log_head (id, seq, hash, purged_through_seq, purged_hash)
VALUES (1, 0, repeat('0', 64), 0, repeat('0', 64));
--> statement-breakpoint
-- Concurrent inserts queue on the head row (FOR UPDATE), so the chain never forks; the lock is
-- held to the end of the inserting transaction, which is why requests write their row last.
CREATE FUNCTION access_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head_seq bigint;
  head_hash text;
BEGIN
  SELECT seq, hash INTO head_seq, head_hash FROM access_log_head WHERE id = 1 FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'access_log_head is missing';
  END IF;
  NEW.seq := head_seq + 1;
  NEW.occurred_at := clock_timestamp();
  NEW.prev_hash := head_hash;
  NEW.hash := encode(sha256(convert_to(head_hash || access_log_canonical(NEW), 'UTF8')), 'hex');
  UPDATE access_log_head SET seq = NEW.seq, hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER access_log_chain BEFORE INSERT ON access_log FOR EACH ROW EXECUTE FUNCTION access_log_chain();
--> statement-breakpoint
-- No UPDATE, ever; DELETE only of rows retention has already declared purged (the oldest ones).
CREATE FUNCTION access_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.seq <= (SELECT purged_through_seq FROM access_log_head WHERE id = 1) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'access_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER access_log_append_only BEFORE UPDATE OR DELETE ON access_log FOR EACH ROW EXECUTE FUNCTION access_log_append_only();
--> statement-breakpoint
CREATE FUNCTION access_log_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'access_log is append-only: TRUNCATE refused' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER access_log_no_truncate BEFORE TRUNCATE ON access_log FOR EACH STATEMENT EXECUTE FUNCTION access_log_no_truncate();
--> statement-breakpoint
-- The head only moves forward; the purge point's hash is read from the row, never sent.
CREATE FUNCTION access_log_head_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'access_log_head cannot be removed' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.id <> OLD.id OR NEW.seq < OLD.seq OR NEW.purged_through_seq < OLD.purged_through_seq
     OR NEW.purged_through_seq > NEW.seq THEN
    RAISE EXCEPTION 'access_log_head only moves forward' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.purged_through_seq <> OLD.purged_through_seq THEN
    SELECT hash INTO NEW.purged_hash FROM access_log WHERE seq = NEW.purged_through_seq;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'access_log row % does not exist', NEW.purged_through_seq;
    END IF;
  ELSE
    NEW.purged_hash := OLD.purged_hash;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER access_log_head_forward BEFORE UPDATE OR DELETE ON access_log_head FOR EACH ROW EXECUTE FUNCTION access_log_head_forward();
