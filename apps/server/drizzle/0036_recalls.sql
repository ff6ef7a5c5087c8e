CREATE TABLE "customer_recalls" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"recall_type_id" integer NOT NULL,
	"outlet_id" integer,
	"due_date" date NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"basis" text NOT NULL,
	"basis_ref" text,
	"outcome" text DEFAULT 'open' NOT NULL,
	"cycle" integer DEFAULT 1 NOT NULL,
	"next_step_index" integer,
	"next_step_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "recall_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"recall_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"outlet_id" integer,
	"cycle" integer NOT NULL,
	"step_index" integer NOT NULL,
	"offset_days" integer NOT NULL,
	"planned_channel" text NOT NULL,
	"channel" text,
	"status" text NOT NULL,
	"reason" text,
	"due_on" date NOT NULL,
	"body" text,
	"outbox_message_id" integer,
	"call_outcome" text,
	"called_by" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recall_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"name" text NOT NULL,
	"interval_months" integer NOT NULL,
	"triggers" text[] NOT NULL,
	"use_expiry" boolean DEFAULT false NOT NULL,
	"min_age" integer,
	"max_age" integer,
	"steps" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "customer_recalls" ADD CONSTRAINT "customer_recalls_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_recalls" ADD CONSTRAINT "customer_recalls_recall_type_id_recall_types_id_fk" FOREIGN KEY ("recall_type_id") REFERENCES "public"."recall_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_recalls" ADD CONSTRAINT "customer_recalls_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_recalls" ADD CONSTRAINT "customer_recalls_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_steps" ADD CONSTRAINT "recall_steps_recall_id_customer_recalls_id_fk" FOREIGN KEY ("recall_id") REFERENCES "public"."customer_recalls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_steps" ADD CONSTRAINT "recall_steps_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_steps" ADD CONSTRAINT "recall_steps_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_steps" ADD CONSTRAINT "recall_steps_outbox_message_id_outbox_messages_id_fk" FOREIGN KEY ("outbox_message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_steps" ADD CONSTRAINT "recall_steps_called_by_staff_users_id_fk" FOREIGN KEY ("called_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_types" ADD CONSTRAINT "recall_types_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_types" ADD CONSTRAINT "recall_types_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_recalls_customer_type_uq" ON "customer_recalls" USING btree ("customer_id","recall_type_id");--> statement-breakpoint
CREATE INDEX "customer_recalls_run_idx" ON "customer_recalls" USING btree ("next_step_on","id") WHERE "customer_recalls"."outcome" = 'open' and "customer_recalls"."next_step_on" is not null;--> statement-breakpoint
CREATE INDEX "customer_recalls_outlet_due_idx" ON "customer_recalls" USING btree ("outlet_id","due_date","id");--> statement-breakpoint
CREATE INDEX "customer_recalls_due_idx" ON "customer_recalls" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "customer_recalls_type_idx" ON "customer_recalls" USING btree ("recall_type_id");--> statement-breakpoint
CREATE INDEX "customer_recalls_updated_by_idx" ON "customer_recalls" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "recall_steps_once_uq" ON "recall_steps" USING btree ("recall_id","cycle","step_index");--> statement-breakpoint
CREATE INDEX "recall_steps_customer_idx" ON "recall_steps" USING btree ("customer_id","at");--> statement-breakpoint
CREATE INDEX "recall_steps_outbox_idx" ON "recall_steps" USING btree ("outbox_message_id");--> statement-breakpoint
CREATE INDEX "recall_steps_called_by_idx" ON "recall_steps" USING btree ("called_by");--> statement-breakpoint
CREATE INDEX "recall_steps_outlet_idx" ON "recall_steps" USING btree ("outlet_id","channel","due_on");--> statement-breakpoint
CREATE INDEX "recall_types_region_idx" ON "recall_types" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "recall_types_updated_by_idx" ON "recall_types" USING btree ("updated_by");