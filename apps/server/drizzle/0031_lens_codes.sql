ALTER TABLE "lenses" ALTER COLUMN "refractive_index" SET DATA TYPE numeric(5, 3);--> statement-breakpoint
ALTER TABLE "lenses" ADD COLUMN "lens_code" text;--> statement-breakpoint
ALTER TABLE "lens_suppliers" ADD COLUMN "notes_max_length" integer;--> statement-breakpoint
ALTER TABLE "lens_suppliers" ADD COLUMN "requires_heights" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lens_suppliers" ADD COLUMN "takes_job_type" boolean DEFAULT false NOT NULL;