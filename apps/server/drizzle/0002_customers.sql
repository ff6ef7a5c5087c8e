CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"mobile" text,
	"phone" text,
	"dob" date,
	"gender" text,
	"occupation" text,
	"hobbies" text,
	"new_opt_in" text DEFAULT 'ALL' NOT NULL,
	"channel_sms" boolean DEFAULT true NOT NULL,
	"channel_phone" boolean DEFAULT true NOT NULL,
	"channel_email" boolean DEFAULT true NOT NULL,
	"region_id" integer,
	"outlet_id" integer,
	"home_region_id" integer,
	"has_shop_account" boolean DEFAULT false NOT NULL,
	"recall_due_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_home_region_id_regions_id_fk" FOREIGN KEY ("home_region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "customers_mobile_idx" ON "customers" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "customers_dob_idx" ON "customers" USING btree ("dob");--> statement-breakpoint
CREATE INDEX "customers_region_idx" ON "customers" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ((lower("first_name" || ' ' || "last_name")) gin_trgm_ops);