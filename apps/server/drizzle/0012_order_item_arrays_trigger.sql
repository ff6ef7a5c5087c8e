-- Keeps orders.item_outlet_ids and orders.item_status_ids equal to the outlets and statuses of
-- the job's items. Statement-level triggers see every changed item at once (a batch of 500, or a
-- COPY of millions) and rewrite each touched job once, only when its arrays really change.
CREATE FUNCTION orders_refresh_item_arrays() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders o SET item_outlet_ids = a.outlets, item_status_ids = a.statuses
  FROM (
    SELECT c.order_id,
           coalesce(array_agg(DISTINCT i.outlet_id) FILTER (WHERE i.id IS NOT NULL), '{}') AS outlets,
           coalesce(array_agg(DISTINCT i.dispense_status_id) FILTER (WHERE i.id IS NOT NULL), '{}') AS statuses
    FROM (SELECT DISTINCT order_id FROM changed_rows) c
    LEFT JOIN order_items i ON i.order_id = c.order_id
    GROUP BY c.order_id
  ) a
  WHERE o.id = a.order_id
    AND (o.item_outlet_ids IS DISTINCT FROM a.outlets OR o.item_status_ids IS DISTINCT FROM a.statuses);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_items_arrays_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_refresh_item_arrays();
--> statement-breakpoint
CREATE TRIGGER order_items_arrays_update AFTER UPDATE ON order_items
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_refresh_item_arrays();
--> statement-breakpoint
CREATE TRIGGER order_items_arrays_delete AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_refresh_item_arrays();
--> statement-breakpoint
UPDATE orders o SET item_outlet_ids = a.outlets, item_status_ids = a.statuses
FROM (
  SELECT order_id, array_agg(DISTINCT outlet_id) AS outlets, array_agg(DISTINCT dispense_status_id) AS statuses
  FROM order_items GROUP BY order_id
) a
WHERE o.id = a.order_id;
