import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentProvider } from '../../platform/payments/provider.ts';
import { bookCredits } from '../accounts/index.ts';
import { REFUND_REASON } from './payments.ts';
import {
  advancePayment,
  clearHold,
  findPaymentByPublicId,
  lockBalance,
  refundDaysOf,
  setRefundedCredits,
} from './queries.ts';
import { queueReceipt, type ReceiptDeps } from './receipts.ts';
import { decideRefundRequest } from './refund-queries.ts';

const DAY_MS = 86_400_000;

export interface RefundResult {
  payment_id: string;
  refunded_cents: number;
  credits_removed: number;
  balance: number;
}

/**
 * Refunds a paid payment within the site's refund_days (Pay-11), an operator action. In one transaction
 * the payment moves to "refunded" (only once) and the unspent part of its credits leaves the balance
 * through the ledger: never more than the member still has, so a refund racing a spend cannot go below
 * zero (the balance row is locked meanwhile). Then the provider pays the money back.
 */
export async function refundPayment(
  deps: {
    db: Db;
    provider: PaymentProvider;
    now: Date;
    receipts?: ReceiptDeps;
    /** The staff member refunding: a member's open request for this payment is approved by them. */
    staffId?: number | null;
  },
  publicId: string,
): Promise<RefundResult> {
  const { db, provider, now } = deps;
  const payment = await findPaymentByPublicId(db, publicId);
  if (!payment) throw new AppError(404, 'not_found', 'error.not_found');
  if (payment.status !== 'paid' || !payment.paidAt || !payment.providerId) {
    throw new AppError(409, 'not_refundable', 'credits.not_refundable');
  }
  const days = await refundDaysOf(db, payment.userId);
  if (now.getTime() - payment.paidAt.getTime() > days * DAY_MS) {
    throw new AppError(409, 'refund_window_over', 'credits.refund_window_over', { values: { days } });
  }
  if (payment.provider !== provider.name) throw new AppError(409, 'not_refundable', 'credits.not_refundable');

  const result = await db.transaction(async (tx) => {
    const moved = await advancePayment(tx, payment.id, ['paid'], 'refunded', now);
    if (!moved) throw new AppError(409, 'not_refundable', 'credits.not_refundable');
    const balance = await lockBalance(tx, payment.userId);
    // Credits still held (a direct debit) were never booked: none to take back.
    const held = moved.creditsHeldUntil !== null;
    if (held) await clearHold(tx, moved.id);
    const removed = held ? 0 : Math.min(payment.credits, balance);
    const after =
      removed > 0
        ? await bookCredits(tx, payment.userId, -removed, { reason: REFUND_REASON, reference: publicId })
        : balance;
    await setRefundedCredits(tx, payment.id, removed);
    // A member's open request for this payment is answered by the refund itself, whoever started it.
    await decideRefundRequest(
      tx,
      { paymentId: payment.id },
      { status: 'approved', staffId: deps.staffId ?? null, note: null, now },
    );
    if (deps.receipts) await queueReceipt(tx, deps.receipts, moved, 'refund');
    return { removed, after };
  });
  await provider.refund(payment.providerId, payment.amountCents, payment.currency);
  return {
    payment_id: publicId,
    refunded_cents: payment.amountCents,
    credits_removed: result.removed,
    balance: result.after,
  };
}
