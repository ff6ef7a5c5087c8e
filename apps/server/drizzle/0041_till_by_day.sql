-- The till summary reads one outlet's day (issue 31): payments, refunds and refund shares by time,
-- not every one ever made.
CREATE INDEX "order_payments_created_idx" ON "order_payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_refund_payments_updated_idx" ON "order_refund_payments" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "order_refunds_completed_idx" ON "order_refunds" USING btree ("completed_at");