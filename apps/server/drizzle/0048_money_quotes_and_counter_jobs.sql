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
ALTER TABLE "order_payments" ADD COLUMN "tender" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "kind" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "taken_by" integer;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "outlet_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "money_closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_due_minor" integer GENERATED ALWAYS AS (case when money_closed then 0 else greatest(total_amount_minor - total_payment_minor, 0) end) STORED NOT NULL;--> statement-breakpoint
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
CREATE UNIQUE INDEX "quotes_accept_key_uq" ON "quotes" USING btree ("accept_key");--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_taken_by_staff_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_intent_idx" ON "order_payments" USING btree ("intent_id") WHERE "order_payments"."intent_id" is not null;--> statement-breakpoint
CREATE INDEX "order_payments_taken_by_idx" ON "order_payments" USING btree ("taken_by");--> statement-breakpoint
CREATE INDEX "order_payments_outlet_idx" ON "order_payments" USING btree ("outlet_id");--> statement-breakpoint
CREATE INDEX "orders_balance_owing_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."balance_due_minor" > 0;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_idempotency_key_unique" UNIQUE("idempotency_key");--> statement-breakpoint
-- A job's money is finished once it is refunded, voided or cancelled: it owes nothing more. Read
-- from the statuses by slug (their ids differ between databases), kept on the job's own row so
-- the generated balance needs no join.
CREATE OR REPLACE FUNCTION orders_money_closed() RETURNS trigger AS $$
BEGIN
  NEW.money_closed := EXISTS (
    SELECT 1 FROM statuses s
    WHERE (s.id = NEW.payment_status_id AND s.kind = 'payment' AND s.slug IN ('refunded', 'voided'))
       OR (s.id = NEW.dispense_status_id AND s.kind = 'dispense'
           AND s.slug IN ('refunded', 'refunded-transaction', 'voided', 'cancelled'))
  );
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_money_closed_trg
  BEFORE INSERT OR UPDATE OF payment_status_id, dispense_status_id ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_money_closed();
--> statement-breakpoint
UPDATE orders o SET money_closed = true
  WHERE EXISTS (
    SELECT 1 FROM statuses s
    WHERE (s.id = o.payment_status_id AND s.kind = 'payment' AND s.slug IN ('refunded', 'voided'))
       OR (s.id = o.dispense_status_id AND s.kind = 'dispense'
           AND s.slug IN ('refunded', 'refunded-transaction', 'voided', 'cancelled'))
  );
--> statement-breakpoint
-- The tender of the payments taken before tenders were kept, read from their names as the refund
-- tenders read them (refund-tenders.ts); a gateway payment is a card whatever its name.
UPDATE order_payments SET tender = CASE
    WHEN lower(payment_type_name) ~ 'gift\s*(card|voucher|certificate)|store\s*credit' THEN 'gift_card'
    WHEN lower(payment_type_name) ~ 'health\s*fund|hicaps|health\s*insur|insurer|medicare|extras\s*cover' THEN 'health_fund'
    WHEN intent_id IS NOT NULL THEN 'card'
    WHEN lower(payment_type_name) ~ 'cash' THEN 'cash'
    WHEN lower(payment_type_name) ~ 'eftpos' THEN 'eftpos'
    ELSE 'card'
  END
  WHERE tender IS NULL;
