DROP INDEX "order_items_outlet_order_idx";--> statement-breakpoint
DROP INDEX "order_items_status_order_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "item_outlet_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "item_status_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
CREATE INDEX "order_items_status_idx" ON "order_items" USING btree ("dispense_status_id");--> statement-breakpoint
CREATE INDEX "orders_item_outlets_idx" ON "orders" USING gin ("item_outlet_ids");--> statement-breakpoint
CREATE INDEX "orders_item_statuses_idx" ON "orders" USING gin ("item_status_ids");