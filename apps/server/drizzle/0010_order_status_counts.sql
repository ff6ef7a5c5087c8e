-- Job counts per dispense status and channel for the status tabs (see order_status_deltas in
-- jobs.tables.ts). Statement-level triggers with transition tables append one signed row per
-- (status, channel) a statement touched, so a COPY of millions of orders costs one aggregate,
-- and concurrent status changes append instead of updating a shared counter row.
CREATE FUNCTION order_status_deltas_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_deltas (dispense_status_id, channel_id, n)
  SELECT dispense_status_id, channel_id, count(*) FROM new_rows GROUP BY 1, 2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_status_deltas_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_deltas (dispense_status_id, channel_id, n)
  SELECT dispense_status_id, channel_id, sum(d)::int FROM (
    SELECT dispense_status_id, channel_id, 1 AS d FROM new_rows
    UNION ALL
    SELECT dispense_status_id, channel_id, -1 AS d FROM old_rows
  ) changes GROUP BY 1, 2 HAVING sum(d) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_status_deltas_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_deltas (dispense_status_id, channel_id, n)
  SELECT dispense_status_id, channel_id, -count(*) FROM old_rows GROUP BY 1, 2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_status_deltas_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_status_deltas;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_status_deltas_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_status_deltas_after_insert();
--> statement-breakpoint
CREATE TRIGGER orders_status_deltas_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_status_deltas_after_update();
--> statement-breakpoint
CREATE TRIGGER orders_status_deltas_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_status_deltas_after_delete();
--> statement-breakpoint
CREATE TRIGGER orders_status_deltas_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_deltas_after_truncate();
--> statement-breakpoint
INSERT INTO order_status_deltas (dispense_status_id, channel_id, n)
SELECT dispense_status_id, channel_id, count(*) FROM orders GROUP BY 1, 2;
