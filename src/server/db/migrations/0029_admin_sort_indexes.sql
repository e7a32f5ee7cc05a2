DROP INDEX "profiles_name_prefix_idx";--> statement-breakpoint
CREATE INDEX "users_credits_idx" ON "users" USING btree ("credits","id");--> statement-breakpoint
CREATE INDEX "users_last_active_idx" ON "users" USING btree ("last_active_at","id");--> statement-breakpoint
CREATE INDEX "users_rare_status_idx" ON "users" USING btree ("status","id") WHERE "users"."deleted_at" is null and "users"."status" <> 'confirmed';--> statement-breakpoint
CREATE INDEX "profiles_name_prefix_idx" ON "profiles" USING btree (lower("name"),"name","user_id");