-- One key per (outlet, status) a job is at (issue 31): each outlet its items are at, times 1000,
-- plus the job's dispense status. Immutable, so a stored generated column can use it; the jobs
-- list's location + status filter reads only those pairs' posting lists (jobs-search.ts).
CREATE FUNCTION outlet_status_keys(outlet_ids integer[], status_id integer) RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select coalesce(array_agg(o * 1000 + status_id), '{}') from unnest(outlet_ids) o $$;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "item_outlet_status_keys" integer[] GENERATED ALWAYS AS (outlet_status_keys(item_outlet_ids, dispense_status_id)) STORED;--> statement-breakpoint
CREATE INDEX "orders_item_outlet_status_idx" ON "orders" USING gin ("item_outlet_status_keys");--> statement-breakpoint
-- Statistics for the new column: the planner weighs its posting lists against the date ranges.
ANALYZE "orders";
