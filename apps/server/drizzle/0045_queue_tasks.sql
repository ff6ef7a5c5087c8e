CREATE TABLE "queue_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"every_seconds" double precision,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"last_error" text,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"dead_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "queue_tasks_kind_key_idx" ON "queue_tasks" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "queue_tasks_due_idx" ON "queue_tasks" USING btree ("run_at") WHERE "queue_tasks"."dead_at" is null;--> statement-breakpoint
CREATE INDEX "queue_tasks_dead_idx" ON "queue_tasks" USING btree ("dead_at") WHERE "queue_tasks"."dead_at" is not null;