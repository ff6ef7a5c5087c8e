CREATE TABLE "intake_cursors" (
	"store_key" text PRIMARY KEY NOT NULL,
	"cursor" text,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "intake_customer_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"store_key" text NOT NULL,
	"external_customer_id" text NOT NULL,
	"customer_id" integer NOT NULL,
	"linked_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intake_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_key" text NOT NULL,
	"delivery_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intake_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_key" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"raw" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intake_failures_message_length" CHECK (length("intake_failures"."message") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "intake_outlet_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_key" text NOT NULL,
	"external_outlet_id" text NOT NULL,
	"outlet_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intake_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"store_key" text NOT NULL,
	"region_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"version" numeric(40, 0) NOT NULL,
	"processed_version" numeric(40, 0),
	"state" text DEFAULT 'waiting' NOT NULL,
	"reason_code" text,
	"reason" text,
	"order_id" integer,
	"outlet_id" integer,
	"invoice_number" text NOT NULL,
	"customer_name" text,
	"total_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"return_for" text,
	"sale" jsonb NOT NULL,
	"raw" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ALTER COLUMN "staff_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vend_base_url" text;--> statement-breakpoint
ALTER TABLE "intake_customer_links" ADD CONSTRAINT "intake_customer_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_outlet_links" ADD CONSTRAINT "intake_outlet_links_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_sales" ADD CONSTRAINT "intake_sales_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_sales" ADD CONSTRAINT "intake_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_sales" ADD CONSTRAINT "intake_sales_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "intake_customer_links_uq" ON "intake_customer_links" USING btree ("source","store_key","external_customer_id");--> statement-breakpoint
CREATE INDEX "intake_customer_links_customer_idx" ON "intake_customer_links" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "intake_deliveries_store_delivery_uq" ON "intake_deliveries" USING btree ("store_key","delivery_id");--> statement-breakpoint
CREATE INDEX "intake_deliveries_received_idx" ON "intake_deliveries" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "intake_failures_received_idx" ON "intake_failures" USING btree ("received_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "intake_outlet_links_uq" ON "intake_outlet_links" USING btree ("store_key","external_outlet_id");--> statement-breakpoint
CREATE INDEX "intake_outlet_links_outlet_idx" ON "intake_outlet_links" USING btree ("outlet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "intake_sales_source_external_uq" ON "intake_sales" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "intake_sales_state_received_idx" ON "intake_sales" USING btree ("state","received_at","id");--> statement-breakpoint
CREATE INDEX "intake_sales_store_received_idx" ON "intake_sales" USING btree ("store_key","received_at");--> statement-breakpoint
CREATE INDEX "intake_sales_return_for_idx" ON "intake_sales" USING btree ("source","return_for") WHERE "intake_sales"."return_for" is not null;--> statement-breakpoint
CREATE INDEX "intake_sales_order_idx" ON "intake_sales" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "intake_sales_outlet_idx" ON "intake_sales" USING btree ("outlet_id");--> statement-breakpoint
CREATE INDEX "intake_sales_region_idx" ON "intake_sales" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "intake_sales_raw_purge_idx" ON "intake_sales" USING btree ("received_at") WHERE "intake_sales"."raw" is not null;