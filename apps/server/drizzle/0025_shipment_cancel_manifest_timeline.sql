CREATE TABLE "shipping_manifests" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"sender_outlet_id" integer NOT NULL,
	"manifest_date" date NOT NULL,
	"state" text NOT NULL,
	"carrier_order_id" text,
	"shipment_count" integer DEFAULT 0 NOT NULL,
	"summary_pdf" text,
	"last_error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "manifest_id" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "manifested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cancelled_by" integer;--> statement-breakpoint
ALTER TABLE "shipping_manifests" ADD CONSTRAINT "shipping_manifests_sender_outlet_id_outlets_id_fk" FOREIGN KEY ("sender_outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_manifests" ADD CONSTRAINT "shipping_manifests_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_manifests_day_uq" ON "shipping_manifests" USING btree ("courier","sender_outlet_id","manifest_date");--> statement-breakpoint
CREATE INDEX "shipping_manifests_created_by_idx" ON "shipping_manifests" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "shipping_manifests_outlet_idx" ON "shipping_manifests" USING btree ("sender_outlet_id");--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_manifest_id_shipping_manifests_id_fk" FOREIGN KEY ("manifest_id") REFERENCES "public"."shipping_manifests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_cancelled_by_staff_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_events_shipment_once_uq" ON "job_events" USING btree ("order_id","from_value","to_value") WHERE "job_events"."kind" = 'shipment';--> statement-breakpoint
CREATE INDEX "shipments_cancelled_by_idx" ON "shipments" USING btree ("cancelled_by");--> statement-breakpoint
CREATE INDEX "shipments_manifest_idx" ON "shipments" USING btree ("manifest_id");