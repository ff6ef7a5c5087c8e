CREATE TABLE "lens_addon_combinations" (
	"id" serial PRIMARY KEY NOT NULL,
	"region_product_id" integer NOT NULL,
	"lens_id" integer NOT NULL,
	"coating_name" text NOT NULL,
	"coating_display_name" text NOT NULL,
	"tint_display_name" text,
	"price_minor" integer DEFAULT 0 NOT NULL,
	"warning_message" text
);
--> statement-breakpoint
CREATE TABLE "lenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"name" text NOT NULL,
	"lens_type_key" text NOT NULL,
	"refractive_index" numeric(4, 2) NOT NULL,
	"display_thickness" text NOT NULL,
	"coating" text,
	"tint" text,
	"colour_name" text,
	"diameters" integer[] DEFAULT '{}'::int[] NOT NULL,
	"sph_min" numeric(5, 2) NOT NULL,
	"sph_max" numeric(5, 2) NOT NULL,
	"cyl_min" numeric(5, 2) NOT NULL,
	"add_min" numeric(5, 2),
	"add_max" numeric(5, 2),
	"warning_message" text,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_item_selections" (
	"order_item_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"selection" jsonb NOT NULL,
	"additional_info" jsonb NOT NULL,
	"restored_from" integer,
	"staff_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_item_selections_order_item_id_revision_pk" PRIMARY KEY("order_item_id","revision")
);
--> statement-breakpoint
ALTER TABLE "lens_addon_combinations" ADD CONSTRAINT "lens_addon_combinations_region_product_id_region_products_id_fk" FOREIGN KEY ("region_product_id") REFERENCES "public"."region_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lens_addon_combinations" ADD CONSTRAINT "lens_addon_combinations_lens_id_lenses_id_fk" FOREIGN KEY ("lens_id") REFERENCES "public"."lenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lenses" ADD CONSTRAINT "lenses_supplier_id_lens_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."lens_suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_selections" ADD CONSTRAINT "order_item_selections_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_selections" ADD CONSTRAINT "order_item_selections_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lens_addon_combinations_product_idx" ON "lens_addon_combinations" USING btree ("region_product_id");--> statement-breakpoint
CREATE INDEX "lens_addon_combinations_lens_idx" ON "lens_addon_combinations" USING btree ("lens_id");--> statement-breakpoint
CREATE INDEX "lenses_supplier_idx" ON "lenses" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "order_item_selections_staff_idx" ON "order_item_selections" USING btree ("staff_user_id");