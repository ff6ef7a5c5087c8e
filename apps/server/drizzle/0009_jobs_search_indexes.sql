CREATE TABLE "order_status_deltas" (
	"dispense_status_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "order_items_status_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
CREATE INDEX "order_items_outlet_order_idx" ON "order_items" USING btree ("outlet_id","order_id");--> statement-breakpoint
CREATE INDEX "order_items_status_order_idx" ON "order_items" USING btree ("dispense_status_id","order_id");--> statement-breakpoint
CREATE INDEX "orders_channel_created_idx" ON "orders" USING btree ("channel_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_billing_email_idx" ON "orders" USING btree (lower("billing_email"));--> statement-breakpoint
CREATE INDEX "orders_billing_mobile_digits_idx" ON "orders" USING btree (regexp_replace(coalesce("billing_mobile", ''), '[^0-9]', '', 'g'));--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("dispense_status_id","created_at","id");