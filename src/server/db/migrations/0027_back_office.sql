CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer,
	"staff_email" text NOT NULL,
	"role" text NOT NULL,
	"action" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text,
	"site_id" integer,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"staff_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desk_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"staff_id" integer,
	"site_id" integer NOT NULL,
	"message_id" integer,
	"waited_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desk_openers" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer,
	"locale" text NOT NULL,
	"body" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desk_queue" (
	"conversation_id" integer PRIMARY KEY NOT NULL,
	"fictional_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"locale" text NOT NULL,
	"waiting_since" timestamp with time zone NOT NULL,
	"claimed_by" integer,
	"claim_active_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "photo_reviews" (
	"photo_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"staff_id" integer,
	"decision" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"status" text DEFAULT 'invited' NOT NULL,
	"totp_secret" text,
	"totp_last_step" integer,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"language" text DEFAULT 'nl' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_passkeys" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" integer DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"role" text NOT NULL,
	"site_id" integer,
	CONSTRAINT "staff_roles_role" CHECK ("staff_roles"."role" in ('admin', 'moderator', 'operator', 'support', 'finance'))
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"staff_id" integer NOT NULL,
	"factor_at" timestamp with time zone,
	"challenge" text,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text DEFAULT 'enrol' NOT NULL,
	"challenge" text,
	"pending_totp_secret" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "assigned_to" integer;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "max_uses" integer;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "photo_moderation" text DEFAULT 'post' NOT NULL;--> statement-breakpoint
ALTER TABLE "complaint_replies" ADD CONSTRAINT "complaint_replies_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_replies" ADD CONSTRAINT "complaint_replies_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_answers" ADD CONSTRAINT "desk_answers_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_openers" ADD CONSTRAINT "desk_openers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_queue" ADD CONSTRAINT "desk_queue_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_queue" ADD CONSTRAINT "desk_queue_claimed_by_staff_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_reviews" ADD CONSTRAINT "photo_reviews_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_passkeys" ADD CONSTRAINT "staff_passkeys_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_staff_idx" ON "audit_log" USING btree ("staff_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_object_idx" ON "audit_log" USING btree ("object_type","object_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "complaint_replies_complaint_idx" ON "complaint_replies" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX "desk_answers_staff_idx" ON "desk_answers" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE INDEX "desk_answers_site_idx" ON "desk_answers" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "desk_openers_locale_idx" ON "desk_openers" USING btree ("locale","position");--> statement-breakpoint
CREATE INDEX "desk_queue_waiting_idx" ON "desk_queue" USING btree ("site_id","locale","waiting_since","conversation_id");--> statement-breakpoint
CREATE INDEX "desk_queue_all_idx" ON "desk_queue" USING btree ("waiting_since","conversation_id");--> statement-breakpoint
CREATE INDEX "photo_reviews_user_idx" ON "photo_reviews" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_email_key" ON "staff" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "staff_passkeys_credential_key" ON "staff_passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "staff_passkeys_staff_idx" ON "staff_passkeys" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_recovery_codes_key" ON "staff_recovery_codes" USING btree ("staff_id","code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_roles_key" ON "staff_roles" USING btree ("staff_id","role",coalesce("site_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "staff_sessions_token_key" ON "staff_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_tokens_hash_key" ON "staff_tokens" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_assigned_to_staff_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_status_idx" ON "complaints" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "photos_review_queue_idx" ON "photos" USING btree ("created_at","id") WHERE "photos"."reviewed_at" is null;--> statement-breakpoint
-- The audit log is append-only (O-06): no row is changed or removed, not even by the application.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
-- The chat desk's queue (O-05): a conversation enters when a fictional profile's side gets its first
-- unread message and leaves when that side has nothing unread. The triggers fire only on those flips, so
-- the hot path of a message to a side that already waits is unchanged.
CREATE FUNCTION desk_queue_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.unread > 0 THEN
    IF EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = NEW.member_id AND p.fictional) THEN
      INSERT INTO desk_queue (conversation_id, fictional_id, member_id, site_id, locale, waiting_since)
      SELECT NEW.conversation_id, NEW.member_id, NEW.other_id, u.site_id, u.language, now()
        FROM users u WHERE u.id = NEW.other_id
      ON CONFLICT (conversation_id) DO NOTHING;
    END IF;
  ELSE
    DELETE FROM desk_queue WHERE conversation_id = NEW.conversation_id AND fictional_id = NEW.member_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER desk_queue_on_insert AFTER INSERT ON conversation_members
  FOR EACH ROW WHEN (NEW.unread > 0) EXECUTE FUNCTION desk_queue_sync();--> statement-breakpoint
CREATE TRIGGER desk_queue_on_update AFTER UPDATE OF unread ON conversation_members
  FOR EACH ROW WHEN ((OLD.unread > 0) IS DISTINCT FROM (NEW.unread > 0)) EXECUTE FUNCTION desk_queue_sync();--> statement-breakpoint
-- What waits already.
INSERT INTO desk_queue (conversation_id, fictional_id, member_id, site_id, locale, waiting_since)
SELECT cm.conversation_id, cm.member_id, cm.other_id, u.site_id, u.language,
       coalesce((SELECT min(m.created_at) FROM messages m
                  WHERE m.conversation_id = cm.conversation_id AND m.sender_id = cm.other_id AND m.seq > cm.read_seq), now())
  FROM conversation_members cm
  JOIN profiles p ON p.user_id = cm.member_id AND p.fictional
  JOIN users u ON u.id = cm.other_id
 WHERE cm.unread > 0
ON CONFLICT (conversation_id) DO NOTHING;--> statement-breakpoint
-- Photos already online count as reviewed; only new ones wait for a moderator.
UPDATE photos SET reviewed_at = created_at WHERE reviewed_at IS NULL;
