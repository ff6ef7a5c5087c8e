DROP TABLE "job_changes" CASCADE;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "is_refundable";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refund_type";