-- The book_credits() function as the database has it: the one source to edit. A change here goes into a new
-- migration as the same text (copy it after a comment saying why); functions.test.ts fails while the latest
-- migration's definition and this file differ. History: migration 0032 (first).
--
-- The one booking of credits (issue 22, decision 0032): every change of a member's balance, whoever makes
-- it (chat_send() for each paid send, the wallet's bookCredits for payments, refunds, chargebacks, direct
-- debit, grants), with its ledger row, in the caller's statement. Idempotent per (member, reason,
-- reference): a reference booked before answers that booking's balance and changes nothing. A spend is a
-- conditional update, so concurrent spends never overdraw (users_credits_nonnegative backs that up).
-- Answers the balance after the booking, or NULL when the balance is short or the member does not exist:
-- no exception and no EXCEPTION block, which would cost every call a subtransaction. Two first bookings of
-- one reference at the same moment: the second's ledger insert fails on credit_ledger_idempotency_key
-- (its balance update goes with its statement); its caller retries and gets the first's balance.
CREATE OR REPLACE FUNCTION book_credits(p_user int, p_amount int, p_reason text, p_ref text) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  v_balance int;
BEGIN
  IF p_ref IS NOT NULL THEN
    SELECT l.balance_after INTO v_balance FROM credit_ledger l
      WHERE l.user_id = p_user AND l.reason = p_reason AND l.reference = p_ref;
    IF FOUND THEN
      RETURN v_balance;
    END IF;
  END IF;
  UPDATE users u SET credits = u.credits + p_amount
    WHERE u.id = p_user AND (p_amount >= 0 OR u.credits >= -p_amount)
    RETURNING u.credits INTO v_balance;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO credit_ledger (user_id, amount, balance_after, reason, reference)
    VALUES (p_user, p_amount, v_balance, p_reason, p_ref);
  RETURN v_balance;
END;
$$;
