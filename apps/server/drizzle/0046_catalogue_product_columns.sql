ALTER TABLE "region_products" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "region_products" ADD COLUMN "barcode" text;--> statement-breakpoint
ALTER TABLE "region_products" ADD COLUMN "kind" text DEFAULT 'frame' NOT NULL;--> statement-breakpoint
ALTER TABLE "region_products" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "region_products" ADD COLUMN "size" text;--> statement-breakpoint
ALTER TABLE "region_products" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "region_products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "region_products" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "region_products_region_sku_idx" ON "region_products" USING btree ("region_id","sku") WHERE "region_products"."sku" is not null;--> statement-breakpoint
CREATE INDEX "region_products_barcode_idx" ON "region_products" USING btree ("barcode") WHERE "region_products"."barcode" is not null;--> statement-breakpoint
-- Products sold before the catalogue had kinds: read the kind off the spec's parent type.
UPDATE "region_products" SET "kind" = CASE
  WHEN "parent_type_key" = 'contact-lenses' THEN 'contact_lens'
  WHEN "parent_type_key" = 'lenses-only' THEN 'lens'
  WHEN "parent_type_key" = 'addon' THEN 'addon'
  ELSE 'frame' END;
