CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"caption" text,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prescription_files" (
	"prescription_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	CONSTRAINT "prescription_files_prescription_id_file_id_pk" PRIMARY KEY("prescription_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"type_id" integer NOT NULL,
	"category" text,
	"add_type" text,
	"right_sph" numeric(5, 2),
	"right_cyl" numeric(5, 2),
	"right_axis" integer,
	"left_sph" numeric(5, 2),
	"left_cyl" numeric(5, 2),
	"left_axis" integer,
	"spectacles" jsonb,
	"contact_lens" jsonb,
	"source_id" integer NOT NULL,
	"outlet_id" integer,
	"staff_user_id" integer,
	"note" text,
	"printed_note" text,
	"expiry_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pds" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"lens_type_id" integer,
	"binocular_dist_pd" numeric(5, 1),
	"binocular_int_pd" numeric(5, 1),
	"binocular_reading_pd" numeric(5, 1),
	"right_dist_pd" numeric(5, 1),
	"left_dist_pd" numeric(5, 1),
	"right_int_pd" numeric(5, 1),
	"left_int_pd" numeric(5, 1),
	"right_reading_pd" numeric(5, 1),
	"left_reading_pd" numeric(5, 1),
	"right_height_multifocal" numeric(5, 1),
	"left_height_multifocal" numeric(5, 1),
	"right_height_bifocal" numeric(5, 1),
	"left_height_bifocal" numeric(5, 1),
	"right_height_desk" numeric(5, 1),
	"left_height_desk" numeric(5, 1),
	"right_height_aspheric" numeric(5, 1),
	"left_height_aspheric" numeric(5, 1),
	"frame_size" text,
	"arm_size" text,
	"glass_shape_type" text,
	"note" text,
	"source_id" integer NOT NULL,
	"outlet_id" integer,
	"staff_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "customers_mobile_idx";--> statement-breakpoint
DROP INDEX "customers_phone_idx";--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_staff_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_files" ADD CONSTRAINT "prescription_files_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_files" ADD CONSTRAINT "prescription_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_type_id_prescription_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."prescription_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_source_id_prescription_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."prescription_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pds" ADD CONSTRAINT "pds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pds" ADD CONSTRAINT "pds_source_id_pd_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."pd_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pds" ADD CONSTRAINT "pds_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pds" ADD CONSTRAINT "pds_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_customer_idx" ON "files" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "prescriptions_customer_idx" ON "prescriptions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "pds_customer_idx" ON "pds" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_mobile_digits_idx" ON "customers" USING btree (regexp_replace(coalesce("mobile", ''), '[^0-9]', '', 'g'));--> statement-breakpoint
CREATE INDEX "customers_phone_digits_idx" ON "customers" USING btree (regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g'));--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin ((lower(coalesce("email", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_updated_idx" ON "customers" USING btree ("updated_at");