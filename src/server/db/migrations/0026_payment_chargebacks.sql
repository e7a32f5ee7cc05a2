CREATE TABLE "payment_chargebacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"credits_removed" integer NOT NULL,
	"credits_short" integer NOT NULL,
	"premium_ended" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credits_held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_chargebacks" ADD CONSTRAINT "payment_chargebacks_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_chargebacks" ADD CONSTRAINT "payment_chargebacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_chargebacks_payment_key" ON "payment_chargebacks" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_chargebacks_user_idx" ON "payment_chargebacks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_credits_held_idx" ON "payments" USING btree ("credits_held_until") WHERE "payments"."credits_held_until" is not null;--> statement-breakpoint
-- A paid payment may also go to charged_back (the bank took the money back); still never backwards.
CREATE OR REPLACE FUNCTION payments_status_forward() RETURNS trigger AS $$
BEGIN
  IF NEW.status = OLD.status THEN
    RETURN NEW;
  END IF;
  IF (OLD.status = 'open' AND NEW.status IN ('pending', 'paid', 'failed', 'canceled', 'expired'))
     OR (OLD.status = 'pending' AND NEW.status IN ('paid', 'failed', 'canceled', 'expired'))
     OR (OLD.status = 'paid' AND NEW.status IN ('refunded', 'charged_back')) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'payment % may not go from % to %', OLD.id, OLD.status, NEW.status
    USING ERRCODE = 'check_violation';
END;
$$ LANGUAGE plpgsql;
