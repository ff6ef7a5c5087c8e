DROP INDEX "orders_invoice_idx";--> statement-breakpoint
CREATE INDEX "orders_invoice_prefix_idx" ON "orders" USING btree ((lower("vend_invoice_number") collate "C"));--> statement-breakpoint
-- Statistics for the new expression: the planner weighs an invoice prefix range against the other arms.
ANALYZE "orders";
