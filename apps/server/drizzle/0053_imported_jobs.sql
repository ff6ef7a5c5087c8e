ALTER TABLE "orders" ADD COLUMN "imported_from" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "import_batch_id" integer;--> statement-breakpoint
CREATE INDEX "orders_import_batch_idx" ON "orders" USING btree ("import_batch_id") WHERE "orders"."import_batch_id" is not null;