CREATE INDEX "complaints_user_idx" ON "complaints" USING btree ("user_id") WHERE "complaints"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "complaints_member_idx" ON "complaints" USING btree ("member_id") WHERE "complaints"."member_id" is not null;--> statement-breakpoint
CREATE INDEX "profiles_name_prefix_idx" ON "profiles" USING btree (lower("name"));