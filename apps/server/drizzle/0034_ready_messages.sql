CREATE TABLE "job_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"outlet_id" integer NOT NULL,
	"customer_id" integer,
	"kind" text NOT NULL,
	"cycle" integer NOT NULL,
	"reminder_day" integer DEFAULT 0 NOT NULL,
	"channel" text,
	"status" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"outbox_message_id" integer,
	"failure" text,
	"resolved_at" timestamp with time zone,
	"cancelled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_status_links" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL,
	"last_read_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
CREATE TABLE "outlet_opening_hours" (
	"outlet_id" integer PRIMARY KEY NOT NULL,
	"opening_hours" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "ready_message_settings" (
	"region_id" integer PRIMARY KEY NOT NULL,
	"ready_status_slugs" text[] NOT NULL,
	"cancel_window_minutes" integer NOT NULL,
	"quiet_start" text NOT NULL,
	"quiet_end" text NOT NULL,
	"reminder_days" integer[] NOT NULL,
	"sms_template" text NOT NULL,
	"email_subject" text NOT NULL,
	"email_template" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "job_messages" ADD CONSTRAINT "job_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_messages" ADD CONSTRAINT "job_messages_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_messages" ADD CONSTRAINT "job_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_messages" ADD CONSTRAINT "job_messages_outbox_message_id_outbox_messages_id_fk" FOREIGN KEY ("outbox_message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_messages" ADD CONSTRAINT "job_messages_cancelled_by_staff_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_status_links" ADD CONSTRAINT "job_status_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_status_links" ADD CONSTRAINT "job_status_links_revoked_by_staff_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_opening_hours" ADD CONSTRAINT "outlet_opening_hours_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_opening_hours" ADD CONSTRAINT "outlet_opening_hours_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ready_message_settings" ADD CONSTRAINT "ready_message_settings_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ready_message_settings" ADD CONSTRAINT "ready_message_settings_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_messages_once_uq" ON "job_messages" USING btree ("order_id","cycle","kind","reminder_day");--> statement-breakpoint
CREATE INDEX "job_messages_outbox_idx" ON "job_messages" USING btree ("outbox_message_id");--> statement-breakpoint
CREATE INDEX "job_messages_call_list_idx" ON "job_messages" USING btree ("outlet_id","updated_at") WHERE "job_messages"."status" = 'failed' and "job_messages"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_provider_message_idx" ON "outbox_messages" USING btree ("provider_message_id");