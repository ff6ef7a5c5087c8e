ALTER TABLE "order_approvals" ADD COLUMN "amount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD COLUMN "used_at" timestamp with time zone;