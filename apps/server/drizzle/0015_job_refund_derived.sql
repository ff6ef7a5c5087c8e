DROP TABLE "job_changes" CASCADE;--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "is_refundable";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refund_type";