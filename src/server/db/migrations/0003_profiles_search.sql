CREATE TABLE "blocks" (
	"blocker_id" integer NOT NULL,
	"blocked_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "lat_coarse" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "lon_coarse" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("country","gender","last_active_at" DESC NULLS LAST) WHERE "profiles"."listed";--> statement-breakpoint
CREATE INDEX "profiles_search_region_idx" ON "profiles" USING btree ("country","region","gender","last_active_at" DESC NULLS LAST) WHERE "profiles"."listed";