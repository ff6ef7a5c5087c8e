CREATE TABLE "access_log" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer,
	"staff_role_id" integer,
	"staff_outlet_id" integer,
	"staff_region_id" integer,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"resource_id" integer,
	"customer_id" integer,
	"screen" text,
	"route" text,
	"request_id" text,
	"address" text,
	"outcome" text NOT NULL,
	"reason" text,
	"changed_fields" text[],
	"prev_hash" text DEFAULT '' NOT NULL,
	"hash" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_log_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"hash" text NOT NULL,
	"purged_through_seq" bigint DEFAULT 0 NOT NULL,
	"purged_hash" text NOT NULL,
	CONSTRAINT "access_log_head_one_row" CHECK ("access_log_head"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "destruction_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"destroyed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer,
	"rule" text NOT NULL,
	"kind" text NOT NULL,
	"region_id" integer,
	"customer_id" integer,
	"counts" jsonb NOT NULL,
	"detail" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_rules" (
	"region_id" integer PRIMARY KEY NOT NULL,
	"health_record_years" integer NOT NULL,
	"access_log_years" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_rules" ADD CONSTRAINT "retention_rules_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_customer_idx" ON "access_log" USING btree ("customer_id","occurred_at" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "access_log_staff_idx" ON "access_log" USING btree ("staff_id","occurred_at" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "destruction_records_at_idx" ON "destruction_records" USING btree ("destroyed_at");--> statement-breakpoint
CREATE INDEX "retention_rules_updated_by_idx" ON "retention_rules" USING btree ("updated_by");