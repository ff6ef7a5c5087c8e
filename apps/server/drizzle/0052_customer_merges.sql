CREATE TABLE "customer_duplicate_pairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"a_id" integer NOT NULL,
	"b_id" integer NOT NULL,
	"score" integer NOT NULL,
	"evidence" jsonb NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_by" integer,
	"settled_at" timestamp with time zone,
	CONSTRAINT "customer_duplicate_pairs_order" CHECK ("customer_duplicate_pairs"."a_id" < "customer_duplicate_pairs"."b_id")
);
--> statement-breakpoint
CREATE TABLE "customer_merges" (
	"id" serial PRIMARY KEY NOT NULL,
	"kept_id" integer NOT NULL,
	"lost_id" integer NOT NULL,
	"kept_name" text NOT NULL,
	"lost_name" text NOT NULL,
	"lost_snapshot" jsonb NOT NULL,
	"kept_before" jsonb NOT NULL,
	"kept_after" jsonb NOT NULL,
	"choices" jsonb NOT NULL,
	"moves" jsonb NOT NULL,
	"pair_id" integer,
	"merged_by" integer,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_by" integer,
	"undone_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "duplicate_finder_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"full" boolean NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"customers_up_to" timestamp with time zone,
	"customers" integer,
	"pairs_found" integer,
	"ms" integer,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "customer_redirects" (
	"from_id" integer PRIMARY KEY NOT NULL,
	"to_id" integer NOT NULL,
	"merge_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_duplicate_pairs" ADD CONSTRAINT "customer_duplicate_pairs_settled_by_staff_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_merged_by_staff_users_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_merges" ADD CONSTRAINT "customer_merges_undone_by_staff_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_duplicate_pairs_uq" ON "customer_duplicate_pairs" USING btree ("a_id","b_id");--> statement-breakpoint
CREATE INDEX "customer_duplicate_pairs_b_idx" ON "customer_duplicate_pairs" USING btree ("b_id");--> statement-breakpoint
CREATE INDEX "customer_duplicate_pairs_list_idx" ON "customer_duplicate_pairs" USING btree ("state","score" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "customer_duplicate_pairs_settled_by_idx" ON "customer_duplicate_pairs" USING btree ("settled_by");--> statement-breakpoint
CREATE INDEX "customer_merges_kept_idx" ON "customer_merges" USING btree ("kept_id");--> statement-breakpoint
CREATE INDEX "customer_merges_lost_idx" ON "customer_merges" USING btree ("lost_id");--> statement-breakpoint
CREATE INDEX "customer_merges_merged_at_idx" ON "customer_merges" USING btree ("merged_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customer_merges_merged_by_idx" ON "customer_merges" USING btree ("merged_by");--> statement-breakpoint
CREATE INDEX "customer_merges_undone_by_idx" ON "customer_merges" USING btree ("undone_by");--> statement-breakpoint
CREATE INDEX "duplicate_finder_runs_finished_idx" ON "duplicate_finder_runs" USING btree ("finished_at");