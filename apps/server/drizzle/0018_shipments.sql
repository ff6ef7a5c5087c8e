CREATE TABLE "local_courier_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"tracking_number" text NOT NULL,
	"product_id" text NOT NULL,
	"product_name" text NOT NULL,
	"request" jsonb NOT NULL,
	"price_minor" integer NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_courier_orders_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "local_courier_orders_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "local_courier_orders_tracking_number_unique" UNIQUE("tracking_number")
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"description" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"state" text NOT NULL,
	"courier" text NOT NULL,
	"company" text NOT NULL,
	"product_id" text,
	"product_name" text,
	"sender_outlet_id" integer,
	"tracking_number" text,
	"tracking_url" text,
	"carrier_order_id" text,
	"carrier_reference" text,
	"request" jsonb NOT NULL,
	"last_error" text,
	"price_minor" integer,
	"next_poll_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_sender_outlet_id_outlets_id_fk" FOREIGN KEY ("sender_outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","occurred_at");--> statement-breakpoint
CREATE INDEX "shipment_events_order_idx" ON "shipment_events" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_attempt_uq" ON "shipments" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_one_live_per_order_uq" ON "shipments" USING btree ("order_id") WHERE "shipments"."state" in ('pending', 'unknown', 'created', 'in_transit', 'delivered');--> statement-breakpoint
CREATE INDEX "shipments_sender_outlet_idx" ON "shipments" USING btree ("sender_outlet_id");--> statement-breakpoint
CREATE INDEX "shipments_created_by_idx" ON "shipments" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "shipments_poll_idx" ON "shipments" USING btree ("next_poll_at") WHERE "shipments"."state" in ('created', 'in_transit');