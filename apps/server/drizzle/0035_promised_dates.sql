CREATE TABLE "outlet_workshop_settings" (
	"outlet_id" integer PRIMARY KEY NOT NULL,
	"turnaround_days" jsonb NOT NULL,
	"working_days" smallint[] NOT NULL,
	"uncollected_after_days" smallint DEFAULT 7 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_id" integer,
	"outlet_id" integer,
	"day" date NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "public_holidays_region_or_outlet" CHECK (("public_holidays"."region_id" is null) <> ("public_holidays"."outlet_id" is null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promise_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "at_risk_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "at_risk_eta" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispense_status_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outlet_workshop_settings" ADD CONSTRAINT "outlet_workshop_settings_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_holidays" ADD CONSTRAINT "public_holidays_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_holidays" ADD CONSTRAINT "public_holidays_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "public_holidays_region_day_idx" ON "public_holidays" USING btree ("region_id","day");--> statement-breakpoint
CREATE INDEX "public_holidays_outlet_day_idx" ON "public_holidays" USING btree ("outlet_id","day");--> statement-breakpoint
CREATE INDEX "orders_outlet_status_due_idx" ON "orders" USING btree ("origin_outlet_id","dispense_status_id","due_date");--> statement-breakpoint
CREATE INDEX "orders_status_due_idx" ON "orders" USING btree ("dispense_status_id","due_date","origin_outlet_id");--> statement-breakpoint
CREATE INDEX "orders_outlet_status_since_idx" ON "orders" USING btree ("origin_outlet_id","dispense_status_id","dispense_status_at");--> statement-breakpoint
CREATE INDEX "orders_status_since_idx" ON "orders" USING btree ("dispense_status_id","dispense_status_at","origin_outlet_id");--> statement-breakpoint
CREATE INDEX "orders_due_idx" ON "orders" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "orders_at_risk_idx" ON "orders" USING btree ("origin_outlet_id","dispense_status_id") WHERE "orders"."at_risk_reason" is not null;--> statement-breakpoint
CREATE INDEX "job_messages_customer_idx" ON "job_messages" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "job_messages_cancelled_by_idx" ON "job_messages" USING btree ("cancelled_by");--> statement-breakpoint
CREATE INDEX "job_status_links_revoked_by_idx" ON "job_status_links" USING btree ("revoked_by");--> statement-breakpoint
CREATE INDEX "outlet_opening_hours_updated_by_idx" ON "outlet_opening_hours" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "ready_message_settings_updated_by_idx" ON "ready_message_settings" USING btree ("updated_by");--> statement-breakpoint
-- Jobs made before promises existed (issue 27): the status time is their last change, the promise a
-- week after their day on the outlet's clock (new jobs get the working-day rule, ADR 0036).
UPDATE "orders" SET "dispense_status_at" = "updated_at";--> statement-breakpoint
UPDATE "orders" o SET "due_date" = ((o."created_at" AT TIME ZONE ou."time_zone")::date + 7)
  FROM "outlets" ou WHERE ou."id" = o."origin_outlet_id" AND o."due_date" IS NULL;--> statement-breakpoint
-- Every path that moves a job's status (a staff change, a refund, a delivered shipment, a lens
-- order) starts its time there, so "ready since" never depends on each path remembering to.
CREATE OR REPLACE FUNCTION orders_dispense_status_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.dispense_status_at := now();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_dispense_status_at BEFORE UPDATE OF dispense_status_id ON orders
  FOR EACH ROW WHEN (OLD.dispense_status_id IS DISTINCT FROM NEW.dispense_status_id)
  EXECUTE FUNCTION orders_dispense_status_at();
