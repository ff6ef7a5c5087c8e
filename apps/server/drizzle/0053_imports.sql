CREATE TABLE "import_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source_system" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_bytes" bigint NOT NULL,
	"file_sha256" text NOT NULL,
	"format" text NOT NULL,
	"encoding" text NOT NULL,
	"delimiter" text,
	"columns" jsonb NOT NULL,
	"preview_rows" jsonb NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"value_maps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"date_format" text NOT NULL,
	"preset_id" integer,
	"state" text DEFAULT 'uploaded' NOT NULL,
	"error" text,
	"rows_in_file" integer,
	"rows_ok" integer DEFAULT 0 NOT NULL,
	"rows_rejected" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"merged" integer DEFAULT 0 NOT NULL,
	"already_imported" integer DEFAULT 0 NOT NULL,
	"last_line" integer DEFAULT 1 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"run_rows_done" integer DEFAULT 0 NOT NULL,
	"run_seconds" real DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"imported_at" timestamp with time zone,
	"final_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"started_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_outlet_counts" (
	"batch_id" integer NOT NULL,
	"run" text NOT NULL,
	"outlet_id" integer NOT NULL,
	"in_file" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"merged" integer DEFAULT 0 NOT NULL,
	"already_imported" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "import_outlet_counts_batch_id_run_outlet_id_pk" PRIMARY KEY("batch_id","run","outlet_id")
);
--> statement-breakpoint
CREATE TABLE "import_presets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"source_system" text NOT NULL,
	"kind" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"value_maps" jsonb NOT NULL,
	"date_format" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_records" (
	"id" serial NOT NULL,
	"source_system" text NOT NULL,
	"kind" text NOT NULL,
	"source_id" text NOT NULL,
	"record_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"outlet_id" integer,
	"parent_record_id" integer,
	CONSTRAINT "import_records_source_system_kind_source_id_pk" PRIMARY KEY("source_system","kind","source_id"),
	CONSTRAINT "import_records_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "import_rejects" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"run" text NOT NULL,
	"line" integer NOT NULL,
	"column" text,
	"value" text,
	"reason" text NOT NULL,
	"outlet_id" integer
);
--> statement-breakpoint
CREATE TABLE "import_seen" (
	"batch_id" integer NOT NULL,
	"source_id" text NOT NULL,
	"line" integer NOT NULL,
	CONSTRAINT "import_seen_batch_id_source_id_pk" PRIMARY KEY("batch_id","source_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "imported_from" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "import_batch_id" integer;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_preset_id_import_presets_id_fk" FOREIGN KEY ("preset_id") REFERENCES "public"."import_presets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_started_by_staff_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_outlet_counts" ADD CONSTRAINT "import_outlet_counts_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_presets" ADD CONSTRAINT "import_presets_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_records" ADD CONSTRAINT "import_records_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_records" ADD CONSTRAINT "import_records_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rejects" ADD CONSTRAINT "import_rejects_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_seen" ADD CONSTRAINT "import_seen_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batches_created_idx" ON "import_batches" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "import_batches_created_by_idx" ON "import_batches" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "import_batches_started_by_idx" ON "import_batches" USING btree ("started_by");--> statement-breakpoint
CREATE INDEX "import_batches_preset_idx" ON "import_batches" USING btree ("preset_id");--> statement-breakpoint
CREATE INDEX "import_presets_kind_idx" ON "import_presets" USING btree ("source_system","kind");--> statement-breakpoint
CREATE INDEX "import_presets_updated_by_idx" ON "import_presets" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "import_records_batch_idx" ON "import_records" USING btree ("batch_id","outcome");--> statement-breakpoint
CREATE INDEX "import_records_parent_idx" ON "import_records" USING btree ("kind","parent_record_id");--> statement-breakpoint
CREATE INDEX "import_records_outlet_idx" ON "import_records" USING btree ("outlet_id");--> statement-breakpoint
CREATE INDEX "import_rejects_batch_idx" ON "import_rejects" USING btree ("batch_id","run","line","id");--> statement-breakpoint
CREATE INDEX "customer_events_staff_idx" ON "customer_events" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "orders_import_batch_idx" ON "orders" USING btree ("import_batch_id") WHERE "orders"."import_batch_id" is not null;