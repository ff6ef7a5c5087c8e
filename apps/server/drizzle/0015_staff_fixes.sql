CREATE INDEX "orders_billing_email_trgm_idx" ON "orders" USING gin ((lower("billing_email")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_invoice_trgm_idx" ON "orders" USING gin ((lower("vend_invoice_number")) gin_trgm_ops);--> statement-breakpoint
-- Saved searches saved twice under one name before names were unique: keep the first.
DELETE FROM "saved_searches" s USING "saved_searches" t WHERE s."staff_user_id" = t."staff_user_id" AND lower(s."name") = lower(t."name") AND s."id" > t."id";--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_staff_name_idx" ON "saved_searches" USING btree ("staff_user_id",lower("name"));