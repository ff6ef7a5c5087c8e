ALTER TABLE "order_payments" ADD COLUMN "tender" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "kind" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "taken_by" integer;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "outlet_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "money_closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_due_minor" integer GENERATED ALWAYS AS (case when money_closed then 0 else greatest(total_amount_minor - total_payment_minor, 0) end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_taken_by_staff_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_intent_idx" ON "order_payments" USING btree ("intent_id") WHERE "order_payments"."intent_id" is not null;--> statement-breakpoint
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
