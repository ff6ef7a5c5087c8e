DROP INDEX "customers_dob_idx";--> statement-breakpoint
DROP INDEX "customers_created_idx";--> statement-breakpoint
DROP INDEX "customers_updated_idx";--> statement-breakpoint
CREATE INDEX "access_log_staff_action_idx" ON "access_log" USING btree ("staff_id","action","occurred_at" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_dob_desc_idx" ON "customers" USING btree ("dob" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customers_first_name_idx" ON "customers" USING btree (lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "customers_last_name_idx" ON "customers" USING btree (lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "customers_dob_idx" ON "customers" USING btree ("dob","id");--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "customers_updated_idx" ON "customers" USING btree ("updated_at","id");