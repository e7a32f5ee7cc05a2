import type { TTransaction } from '../../../shared/contract/credits.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { PURCHASE_REASON } from './payments.ts';
import {
  balanceOf,
  findPaymentByPublicId,
  ledgerEntry,
  lockBalance,
  type PaymentRow,
  refundDaysOf,
} from './queries.ts';
import { decideRefundRequest, findRefundRequest, insertRefundRequest } from './refund-queries.ts';

const DAY_MS = 86_400_000;

type RefundState = NonNullable<TTransaction['refund']>;

/** The last moment a paid payment may be refunded: `refund_days` after it was paid. */
export const refundUntil = (paidAt: Date, days: number) => new Date(paidAt.getTime() + days * DAY_MS);

/**
 * What the member may do about refunding one purchase (issue 26, Pay-11), by the refund code's own rules:
 * a paid payment of the provider in use, within the site's refund days, whose credits are all still on the
 * balance ("unspent"; a direct debit's held credits were never booked, so they are unspent). A request
 * once made is shown as it stands. Null where a refund is not a question (a site without refund days, a
 * payment that never got paid, one refunded or charged back without a request).
 */
export function refundState(
  payment: PaymentRow,
  ctx: { days: number; balance: number; provider: string | null; now: Date },
  request: { status: 'open' | 'approved' | 'refused'; createdAt: Date; note: string | null } | undefined,
): RefundState | null {
  const until = payment.paidAt ? refundUntil(payment.paidAt, ctx.days) : null;
  if (request) {
    return {
      status: request.status,
      until: until?.toISOString() ?? null,
      requested_at: request.createdAt.toISOString(),
      note: request.status === 'refused' ? request.note : null,
    };
  }
  if (payment.status !== 'paid' || !until || ctx.days <= 0 || !payment.providerId) return null;
  if (payment.provider !== ctx.provider) return null;
  const base = { until: until.toISOString(), requested_at: null, note: null };
  if (ctx.now.getTime() > until.getTime()) return { status: 'over', ...base };
  const held = payment.creditsHeldUntil !== null;
  if (!held && ctx.balance < payment.credits) return { status: 'spent', ...base };
  return { status: 'available', ...base };
}

/** The refund state of a ledger row, when it is a purchase of this member. */
export async function refundStateOfEntry(
  db: Db,
  userId: number,
  entry: { reason: string; reference: string | null },
  ctx: { provider: string | null; now: Date },
): Promise<RefundState | null> {
  if (entry.reason !== PURCHASE_REASON || !entry.reference) return null;
  const payment = await findPaymentByPublicId(db, entry.reference);
  if (!payment || payment.userId !== userId) return null;
  const [days, request, balance] = await Promise.all([
    refundDaysOf(db, userId),
    findRefundRequest(db, payment.id),
    balanceOf(db, userId),
  ]);
  return refundState(payment, { days, balance, ...ctx }, request);
}

/**
 * A member asks for a purchase to be refunded (issue 26): only while `refundState` says available, checked
 * again with the balance locked so a spend in flight cannot slip between the check and the request. One
 * request per payment: the same request sent twice (or 20 times at once) makes one row and answers the
 * others that it was already asked.
 */
export async function requestRefund(
  deps: { db: Db; provider: string | null; now: Date },
  userId: number,
  ledgerId: number,
  reason: string,
): Promise<void> {
  const { db, now } = deps;
  const entry = await ledgerEntry(db, userId, ledgerId);
  if (!entry) throw new AppError(404, 'not_found', 'error.not_found');
  if (entry.reason !== PURCHASE_REASON || !entry.reference)
    throw new AppError(409, 'not_refundable', 'credits.not_refundable');
  const payment = await findPaymentByPublicId(db, entry.reference);
  if (!payment || payment.userId !== userId) throw new AppError(404, 'not_found', 'error.not_found');
  const days = await refundDaysOf(db, userId);
  await db.transaction(async (tx) => {
    const balance = await lockBalance(tx, userId);
    const existing = await findRefundRequest(tx, payment.id);
    if (existing) throw new AppError(409, 'refund_already_requested', 'refund.already_requested');
    const state = refundState(payment, { days, balance, provider: deps.provider, now }, undefined);
    if (state?.status === 'over')
      throw new AppError(409, 'refund_window_over', 'credits.refund_window_over', { values: { days } });
    if (state?.status === 'spent') throw new AppError(409, 'refund_spent', 'refund.spent');
    if (state?.status !== 'available') throw new AppError(409, 'not_refundable', 'credits.not_refundable');
    const made = await insertRefundRequest(tx, payment.id, userId, reason, now);
    if (!made) throw new AppError(409, 'refund_already_requested', 'refund.already_requested');
  });
}

/**
 * Staff refuse a member's open request, with the answer the member reads on the transaction's page. A
 * request decided already (approved, refused, or refunded meanwhile) is not changed: 409.
 */
export async function refuseRefundRequest(
  db: Db | Tx,
  id: number,
  decision: { staffId: number; note: string; now: Date },
): Promise<void> {
  const row = await decideRefundRequest(db, { id }, { status: 'refused', ...decision });
  if (!row) throw new AppError(409, 'refund_request_decided', 'admin.refunds.error.decided');
}
