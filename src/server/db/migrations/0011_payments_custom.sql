-- A payment's status only moves forward (Pay-10): open -> pending -> paid | failed | canceled | expired,
-- and paid -> refunded. Whatever code path updates a payment, the database refuses a step back, so a late
-- or forged "open" from a provider can never undo a paid payment or pay a failed one.
CREATE OR REPLACE FUNCTION payments_status_forward() RETURNS trigger AS $$
BEGIN
  IF NEW.status = OLD.status THEN
    RETURN NEW;
  END IF;
  IF (OLD.status = 'open' AND NEW.status IN ('pending', 'paid', 'failed', 'canceled', 'expired'))
     OR (OLD.status = 'pending' AND NEW.status IN ('paid', 'failed', 'canceled', 'expired'))
     OR (OLD.status = 'paid' AND NEW.status = 'refunded') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'payment % may not go from % to %', OLD.id, OLD.status, NEW.status
    USING ERRCODE = 'check_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payments_status_forward BEFORE UPDATE OF status ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_status_forward();
