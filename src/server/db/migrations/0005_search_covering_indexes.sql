-- The search indexes carry the filtered columns (INCLUDE), so counting and paging search results read
-- only the index, never the table: age filters in a big country no longer visit thousands of rows.
-- Drizzle's index builder cannot express INCLUDE; schema.ts declares the same indexes without it.
DROP INDEX IF EXISTS "profiles_search_idx";
--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("country","gender","last_active_at" DESC NULLS LAST)
  INCLUDE ("user_id", "date_of_birth", "region") WHERE "profiles"."listed";
--> statement-breakpoint
DROP INDEX IF EXISTS "profiles_search_region_idx";
--> statement-breakpoint
CREATE INDEX "profiles_search_region_idx" ON "profiles" USING btree ("country","region","gender","last_active_at" DESC NULLS LAST)
  INCLUDE ("user_id", "date_of_birth") WHERE "profiles"."listed";
