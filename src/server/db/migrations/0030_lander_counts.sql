CREATE TABLE "lander_counts" (
	"day" date NOT NULL,
	"site_id" integer NOT NULL,
	"lander" text NOT NULL,
	"niche" integer NOT NULL,
	"network" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"starts" integer DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lander_counts_site_id_day_lander_niche_network_pk" PRIMARY KEY("site_id","day","lander","niche","network")
);
--> statement-breakpoint
ALTER TABLE "lander_counts" ADD CONSTRAINT "lander_counts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;