CREATE TABLE "item_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer,
	"field" text NOT NULL,
	"from_value" text,
	"to_value" text NOT NULL,
	"staff_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"group_id" integer,
	"region_product_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"dispense_status_id" integer NOT NULL,
	"outlet_id" integer NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"total_amount_minor" integer NOT NULL,
	"discount_amount_minor" integer DEFAULT 0 NOT NULL,
	"delivery_type_id" integer DEFAULT 1 NOT NULL,
	"hoya_status" integer,
	"shamir_status" integer,
	"next_scheduled_date" date,
	"additional_info" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"payment_type_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"vend_invoice_number" text NOT NULL,
	"customer_id" integer,
	"billing_first_name" text DEFAULT '' NOT NULL,
	"billing_last_name" text DEFAULT '' NOT NULL,
	"billing_email" text,
	"billing_mobile" text,
	"billing_address" jsonb,
	"total_amount_minor" integer NOT NULL,
	"total_payment_minor" integer DEFAULT 0 NOT NULL,
	"dispense_status_id" integer NOT NULL,
	"payment_status_id" integer NOT NULL,
	"priority" smallint DEFAULT 1 NOT NULL,
	"channel_id" integer NOT NULL,
	"channel" text NOT NULL,
	"is_octopos_order" boolean DEFAULT false NOT NULL,
	"origin_outlet_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"coupons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shipment_status" text DEFAULT 'not_created' NOT NULL,
	"shipment_company" text,
	"shipment_tracking_id" text,
	"is_refundable" boolean DEFAULT true NOT NULL,
	"refund_type" text,
	"due_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "region_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"name" text NOT NULL,
	"product_type_key" text NOT NULL,
	"parent_type_key" text NOT NULL,
	"lenses_type" text,
	"requires_prescription" boolean DEFAULT false NOT NULL,
	"price_minor" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "related_orders" (
	"order_id" integer NOT NULL,
	"related_order_id" integer NOT NULL,
	CONSTRAINT "related_orders_order_id_related_order_id_pk" PRIMARY KEY("order_id","related_order_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_groups" ADD CONSTRAINT "item_groups_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_changes" ADD CONSTRAINT "job_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_changes" ADD CONSTRAINT "job_changes_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_changes" ADD CONSTRAINT "job_changes_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_group_id_item_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."item_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_region_product_id_region_products_id_fk" FOREIGN KEY ("region_product_id") REFERENCES "public"."region_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_dispense_status_id_statuses_id_fk" FOREIGN KEY ("dispense_status_id") REFERENCES "public"."statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dispense_status_id_statuses_id_fk" FOREIGN KEY ("dispense_status_id") REFERENCES "public"."statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_id_statuses_id_fk" FOREIGN KEY ("payment_status_id") REFERENCES "public"."statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_origin_outlet_id_outlets_id_fk" FOREIGN KEY ("origin_outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_products" ADD CONSTRAINT "region_products_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_orders" ADD CONSTRAINT "related_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_orders" ADD CONSTRAINT "related_orders_related_order_id_orders_id_fk" FOREIGN KEY ("related_order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_changes_order_idx" ON "job_changes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_status_idx" ON "order_items" USING btree ("dispense_status_id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("dispense_status_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_outlet_created_idx" ON "orders" USING btree ("origin_outlet_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_region_created_idx" ON "orders" USING btree ("region_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "orders_invoice_idx" ON "orders" USING btree (lower("vend_invoice_number"));--> statement-breakpoint
CREATE INDEX "orders_billing_name_trgm_idx" ON "orders" USING gin ((lower("billing_first_name" || ' ' || "billing_last_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "saved_searches_staff_idx" ON "saved_searches" USING btree ("staff_user_id");