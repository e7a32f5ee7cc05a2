-- Search speed (D-01, docs/decisions/0004-search-speed.md).
-- 1. The activity indexes end with user_id DESC, the search's tie-break, so a page walks them newest
--    first with no sort at all and stops as soon as it is full. user_id moves from INCLUDE to the key.
-- 2. Age indexes: the listed members of a country[, region] and gender by date of birth, carrying what a
--    search reads, so counts and pages of an age range read only the members of those ages. Only a
--    condition on date_of_birth implies the predicate's `date_of_birth is not null`, so searches without
--    an age bound, and walks along activity, never take them, whatever a generic plan guesses.
-- Drizzle's index builder cannot express INCLUDE; schema.ts declares the same indexes without it.
DROP INDEX IF EXISTS "profiles_search_idx";
--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("country","gender","last_active_at" DESC NULLS LAST,"user_id" DESC NULLS FIRST)
  INCLUDE ("date_of_birth", "region") WHERE "profiles"."listed";
--> statement-breakpoint
DROP INDEX IF EXISTS "profiles_search_region_idx";
--> statement-breakpoint
CREATE INDEX "profiles_search_region_idx" ON "profiles" USING btree ("country","region","gender","last_active_at" DESC NULLS LAST,"user_id" DESC NULLS FIRST)
  INCLUDE ("date_of_birth") WHERE "profiles"."listed";
--> statement-breakpoint
CREATE INDEX "profiles_search_age_idx" ON "profiles" USING btree ("country","gender","date_of_birth")
  INCLUDE ("user_id", "last_active_at", "region") WHERE "profiles"."listed" and "profiles"."date_of_birth" is not null;
--> statement-breakpoint
CREATE INDEX "profiles_search_region_age_idx" ON "profiles" USING btree ("country","region","gender","date_of_birth")
  INCLUDE ("user_id", "last_active_at") WHERE "profiles"."listed" and "profiles"."date_of_birth" is not null;
