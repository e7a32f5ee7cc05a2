import type { Db } from '../../db/client.ts';
import { paymentChargebacks } from '../../db/schema.ts';
import { bookCredits } from '../accounts/index.ts';
import { advancePayment, clearHold, endPremiumUnlessPaid, lockBalance, type PaymentRow } from './queries.ts';

/** The ledger reason of a chargeback's reversal; its reference is the payment's public id. */
export const CHARGEBACK_REASON = 'chargeback';

/**
 * The member's bank took a paid payment back (a card chargeback, Pay-10). In one transaction, and only
 * once however often the webhook repeats (the move from "paid" happens once): the payment becomes
 * "charged_back", its credits leave the balance through the ledger, never below zero (what was spent
 * already is recorded as the shortfall), premium ends unless another payment still stands, and the
 * chargeback is recorded for the back office. Answers the moved payment, or undefined when it was booked
 * before.
 */
export async function bookChargeback(
  deps: { db: Db; now: Date },
  payment: PaymentRow,
  amountCents: number,
): Promise<PaymentRow | undefined> {
  return deps.db.transaction(async (tx) => {
    const moved = await advancePayment(tx, payment.id, ['paid'], 'charged_back', deps.now);
    if (!moved) return undefined;
    const balance = await lockBalance(tx, moved.userId);
    // Credits still held (a direct debit) were never booked: nothing to take back, and none are owed.
    const held = moved.creditsHeldUntil !== null;
    if (held) await clearHold(tx, moved.id);
    const removed = held ? 0 : Math.min(moved.credits, balance);
    if (removed > 0) {
      await bookCredits(tx, moved.userId, -removed, { reason: CHARGEBACK_REASON, reference: moved.publicId });
    }
    const premiumEnded = await endPremiumUnlessPaid(tx, moved.userId);
    await tx.insert(paymentChargebacks).values({
      paymentId: moved.id,
      userId: moved.userId,
      amountCents,
      creditsRemoved: removed,
      creditsShort: held ? 0 : moved.credits - removed,
      premiumEnded,
    });
    return moved;
  });
}
