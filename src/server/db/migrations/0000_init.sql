CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"kvk" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"tradenames" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vat_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"support_phone" text NOT NULL,
	"delete_discount" integer DEFAULT 0 NOT NULL,
	"added" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"index_title" text NOT NULL,
	"description" text NOT NULL,
	"niche" integer DEFAULT 1 NOT NULL,
	"domain_language" text DEFAULT 'nl' NOT NULL,
	"countries" jsonb NOT NULL,
	"enable_site_entry_popup" boolean DEFAULT true NOT NULL,
	"signups" text DEFAULT 'all' NOT NULL,
	"logged_out_search" boolean DEFAULT true NOT NULL,
	"logged_out_search_trafficsource" boolean DEFAULT false NOT NULL,
	"cdn_prefix" text DEFAULT '' NOT NULL,
	"minimum_message_costs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"support_phone" text NOT NULL,
	"support_email" text NOT NULL,
	"fictional_icon" text DEFAULT 'drama' NOT NULL,
	"visible_profile_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visible_profile_notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message_credits" integer DEFAULT 1 NOT NULL,
	"photo_credits" integer DEFAULT 2 NOT NULL,
	"gift_credits" integer DEFAULT 5 NOT NULL,
	"signup_credits" integer DEFAULT 0 NOT NULL,
	"message_length" integer DEFAULT 1000 NOT NULL,
	"search_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refund_days" integer DEFAULT 14 NOT NULL,
	"member_resell" boolean DEFAULT false NOT NULL,
	"mail_name" text NOT NULL,
	"min_age" integer DEFAULT 18 NOT NULL,
	"company_address_variant" integer DEFAULT 1 NOT NULL,
	"theme_primary" text DEFAULT '#0d9488' NOT NULL,
	"theme_secondary" text DEFAULT '#d4a017' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sites_domain_key" ON "sites" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_one_default" ON "sites" USING btree ("is_default") WHERE "sites"."is_default";