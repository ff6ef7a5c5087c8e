CREATE TABLE "outlet_invoice_counters" (
	"outlet_id" integer PRIMARY KEY NOT NULL,
	"next" integer NOT NULL,
	CONSTRAINT "outlet_invoice_counters_next_positive" CHECK ("outlet_invoice_counters"."next" > 0)
);
--> statement-breakpoint
CREATE TABLE "quote_discount_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer,
	"requested_by" integer NOT NULL,
	"approved_by" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"position" integer NOT NULL,
	"region_product_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text,
	"tax_class" text NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"quantity" integer NOT NULL,
	"discount" jsonb,
	"discount_minor" integer DEFAULT 0 NOT NULL,
	"net_minor" integer DEFAULT 0 NOT NULL,
	"tax_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer DEFAULT 0 NOT NULL,
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"selection" jsonb,
	"selection_info" jsonb,
	"approved_by" integer,
	CONSTRAINT "quote_lines_quantity_positive" CHECK ("quote_lines"."quantity" > 0),
	CONSTRAINT "quote_lines_discount_within" CHECK ("quote_lines"."discount_minor" >= 0 and "quote_lines"."discount_minor" <= "quote_lines"."unit_price_minor" * "quote_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"outlet_id" integer NOT NULL,
	"customer_id" integer,
	"guest_first_name" text,
	"guest_last_name" text,
	"guest_email" text,
	"guest_mobile" text,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"subtotal_minor" integer DEFAULT 0 NOT NULL,
	"discount_minor" integer DEFAULT 0 NOT NULL,
	"tax_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer DEFAULT 0 NOT NULL,
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" integer,
	"accepted_at" timestamp with time zone,
	"create_key" text,
	"accept_key" text,
	CONSTRAINT "quotes_customer_or_guest" CHECK ("quotes"."customer_id" is not null or "quotes"."guest_first_name" is not null),
	CONSTRAINT "quotes_accepted_has_order" CHECK (("quotes"."status" = 'accepted') = ("quotes"."order_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "outlet_invoice_counters" ADD CONSTRAINT "outlet_invoice_counters_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_discount_approvals" ADD CONSTRAINT "quote_discount_approvals_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_discount_approvals" ADD CONSTRAINT "quote_discount_approvals_requested_by_staff_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_discount_approvals" ADD CONSTRAINT "quote_discount_approvals_approved_by_staff_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_region_product_id_region_products_id_fk" FOREIGN KEY ("region_product_id") REFERENCES "public"."region_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_approved_by_staff_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_discount_approvals_quote_idx" ON "quote_discount_approvals" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quote_discount_approvals_requested_by_idx" ON "quote_discount_approvals" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "quote_discount_approvals_approved_by_idx" ON "quote_discount_approvals" USING btree ("approved_by");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_lines_quote_position_uq" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE INDEX "quote_lines_region_product_idx" ON "quote_lines" USING btree ("region_product_id");--> statement-breakpoint
CREATE INDEX "quote_lines_approved_by_idx" ON "quote_lines" USING btree ("approved_by");--> statement-breakpoint
CREATE INDEX "quotes_customer_idx" ON "quotes" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_outlet_idx" ON "quotes" USING btree ("outlet_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_created_by_idx" ON "quotes" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "quotes_updated_by_idx" ON "quotes" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_order_uq" ON "quotes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_create_key_uq" ON "quotes" USING btree ("create_key");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_accept_key_uq" ON "quotes" USING btree ("accept_key");