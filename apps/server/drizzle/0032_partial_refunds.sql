CREATE TABLE "order_refund_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"amount_minor" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"tries" smallint DEFAULT 1 NOT NULL,
	"gateway_ref" text,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refund_payments_amount_positive" CHECK ("order_refund_payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_note_counters" (
	"region_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"number" integer NOT NULL,
	"code" text NOT NULL,
	"order_id" integer NOT NULL,
	"refund_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"reason" text NOT NULL,
	"destination" text NOT NULL,
	"lines" jsonb NOT NULL,
	"issued_by" integer NOT NULL,
	"approved_by" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_number_positive" CHECK ("credit_notes"."number" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "order_refund_payments" ADD CONSTRAINT "order_refund_payments_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund_payments" ADD CONSTRAINT "order_refund_payments_payment_id_order_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."order_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refund_payments_refund_payment_uq" ON "order_refund_payments" USING btree ("refund_id","payment_id");--> statement-breakpoint
CREATE INDEX "order_refund_payments_payment_idx" ON "order_refund_payments" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_region_number_uq" ON "credit_notes" USING btree ("region_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_refund_uq" ON "credit_notes" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_approved_by_staff_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_approved_by_idx" ON "order_refunds" USING btree ("approved_by");