CREATE INDEX "orders_billing_name_rank_idx" ON "orders" USING btree ((lower("billing_first_name" || ' ' || "billing_last_name") collate "C"),"billing_first_name","billing_last_name");--> statement-breakpoint
CREATE INDEX "orders_billing_last_name_rank_idx" ON "orders" USING btree ((lower("billing_last_name") collate "C"),"billing_last_name");--> statement-breakpoint
-- Statistics for the two new index expressions, as migration 0026 does for customers: without
-- them the planner guesses how many names start with a term.
ANALYZE "orders";
