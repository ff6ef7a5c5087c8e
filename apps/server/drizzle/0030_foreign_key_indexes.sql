CREATE INDEX "order_approvals_requested_by_idx" ON "order_approvals" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "order_approvals_approved_by_idx" ON "order_approvals" USING btree ("approved_by");--> statement-breakpoint
CREATE INDEX "role_settings_updated_by_idx" ON "role_settings" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "staff_users_home_outlet_idx" ON "staff_users" USING btree ("home_outlet_id");--> statement-breakpoint
CREATE INDEX "staff_users_home_region_idx" ON "staff_users" USING btree ("home_region_id");--> statement-breakpoint
CREATE INDEX "staff_users_updated_by_idx" ON "staff_users" USING btree ("updated_by");