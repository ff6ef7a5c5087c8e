CREATE TABLE "lab_simulator_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_at_code" integer,
	"request" jsonb NOT NULL,
	CONSTRAINT "lab_simulator_orders_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "lens_order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"lens_order_id" integer NOT NULL,
	"status_code" integer,
	"label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"eta" date,
	"tracking_number" text,
	"source" text NOT NULL,
	"staff_user_id" integer,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lens_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"customer_id" integer,
	"sequence" integer NOT NULL,
	"reference" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"supplier_kind" text NOT NULL,
	"contact_id" integer NOT NULL,
	"transport" text NOT NULL,
	"state" text NOT NULL,
	"status_code" integer NOT NULL,
	"open" boolean NOT NULL,
	"is_repeat" boolean DEFAULT false NOT NULL,
	"repeat_of_id" integer,
	"repeat_reason" text,
	"description" text,
	"notes" text,
	"lenses" text NOT NULL,
	"need_to_edge" text NOT NULL,
	"frame_size" text,
	"lens_option_id" integer,
	"lens_name" text NOT NULL,
	"deliver_to_outlet_id" integer NOT NULL,
	"from_outlet_id" integer,
	"item_status_before_id" integer,
	"selection_revision" integer,
	"snapshot" jsonb NOT NULL,
	"record" text NOT NULL,
	"supplier_reference" text,
	"eta" date,
	"tracking_number" text,
	"last_error" text,
	"next_poll_at" timestamp with time zone,
	"placed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lens_orders_reference_unique" UNIQUE("reference"),
	CONSTRAINT "lens_orders_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "outbox_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"mail" text,
	"phone" text,
	"channel" text DEFAULT 'email' NOT NULL,
	"drop_folder" text,
	"account_number" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "supplier_delivery_outlets" (
	"supplier_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"outlet_id" integer NOT NULL,
	CONSTRAINT "supplier_delivery_outlets_supplier_id_region_id_pk" PRIMARY KEY("supplier_id","region_id")
);
--> statement-breakpoint
ALTER TABLE "lens_suppliers" ADD COLUMN "kind" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "lens_suppliers" ADD COLUMN "allows_cut" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lens_suppliers" ADD COLUMN "contacts_listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "lens_suppliers" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "lens_suppliers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "lens_suppliers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lens_suppliers" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "lens_order_events" ADD CONSTRAINT "lens_order_events_lens_order_id_lens_orders_id_fk" FOREIGN KEY ("lens_order_id") REFERENCES "public"."lens_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lens_order_events" ADD CONSTRAINT "lens_order_events_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lens_orders" ADD CONSTRAINT "lens_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lens_orders" ADD CONSTRAINT "lens_orders_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lens_orders" ADD CONSTRAINT "lens_orders_supplier_id_lens_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."lens_suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lens_orders" ADD CONSTRAINT "lens_orders_contact_id_supplier_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."supplier_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lens_orders" ADD CONSTRAINT "lens_orders_deliver_to_outlet_id_outlets_id_fk" FOREIGN KEY ("deliver_to_outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lens_orders" ADD CONSTRAINT "lens_orders_from_outlet_id_outlets_id_fk" FOREIGN KEY ("from_outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lens_orders" ADD CONSTRAINT "lens_orders_placed_by_staff_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_attachments" ADD CONSTRAINT "outbox_attachments_message_id_outbox_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_contacts" ADD CONSTRAINT "supplier_contacts_supplier_id_lens_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."lens_suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_contacts" ADD CONSTRAINT "supplier_contacts_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_contacts" ADD CONSTRAINT "supplier_contacts_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_delivery_outlets" ADD CONSTRAINT "supplier_delivery_outlets_supplier_id_lens_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."lens_suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_delivery_outlets" ADD CONSTRAINT "supplier_delivery_outlets_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_delivery_outlets" ADD CONSTRAINT "supplier_delivery_outlets_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lens_order_events_order_idx" ON "lens_order_events" USING btree ("lens_order_id","occurred_at");--> statement-breakpoint
CREATE INDEX "lens_order_events_staff_idx" ON "lens_order_events" USING btree ("staff_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lens_orders_item_sequence_uq" ON "lens_orders" USING btree ("order_item_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "lens_orders_one_open_per_item_uq" ON "lens_orders" USING btree ("order_item_id") WHERE "lens_orders"."open";--> statement-breakpoint
CREATE INDEX "lens_orders_order_idx" ON "lens_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "lens_orders_supplier_idx" ON "lens_orders" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "lens_orders_contact_idx" ON "lens_orders" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "lens_orders_deliver_to_idx" ON "lens_orders" USING btree ("deliver_to_outlet_id");--> statement-breakpoint
CREATE INDEX "lens_orders_from_outlet_idx" ON "lens_orders" USING btree ("from_outlet_id");--> statement-breakpoint
CREATE INDEX "lens_orders_placed_by_idx" ON "lens_orders" USING btree ("placed_by");--> statement-breakpoint
CREATE INDEX "lens_orders_poll_idx" ON "lens_orders" USING btree ("next_poll_at") WHERE "lens_orders"."state" = 'placed';--> statement-breakpoint
CREATE INDEX "outbox_attachments_message_idx" ON "outbox_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "supplier_contacts_supplier_region_idx" ON "supplier_contacts" USING btree ("supplier_id","region_id");--> statement-breakpoint
CREATE INDEX "supplier_contacts_region_idx" ON "supplier_contacts" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "supplier_contacts_updated_by_idx" ON "supplier_contacts" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_contacts_one_api_uq" ON "supplier_contacts" USING btree ("supplier_id","region_id") WHERE "supplier_contacts"."channel" = 'api' and "supplier_contacts"."is_active";--> statement-breakpoint
CREATE INDEX "supplier_delivery_outlets_region_idx" ON "supplier_delivery_outlets" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "supplier_delivery_outlets_outlet_idx" ON "supplier_delivery_outlets" USING btree ("outlet_id");--> statement-breakpoint
ALTER TABLE "lens_suppliers" ADD CONSTRAINT "lens_suppliers_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lens_suppliers_updated_by_idx" ON "lens_suppliers" USING btree ("updated_by");--> statement-breakpoint
UPDATE "lens_suppliers" SET "kind" = 'hoya', "allows_cut" = true WHERE "abbreviation" = 'HOYA';--> statement-breakpoint
UPDATE "lens_suppliers" SET "kind" = 'shamir', "allows_cut" = true WHERE "abbreviation" = 'SHAM';--> statement-breakpoint
UPDATE "lens_suppliers" SET "allows_cut" = true WHERE "abbreviation" = 'LAB';--> statement-breakpoint
-- jobs-area §9: suppliers 2, 3 and 4 are excluded from contacts.
UPDATE "lens_suppliers" SET "contacts_listed" = false WHERE "id" IN (2, 3, 4);
