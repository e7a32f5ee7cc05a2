import type { TTransaction, TTransactions } from '../../../shared/contract/credits.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { CHARGEBACK_REASON } from './chargebacks.ts';
import { PURCHASE_REASON, presentPaymentFields, REFUND_REASON } from './payments.ts';
import { findPaymentsByPublicIds, ledgerEntry, ledgerPage, staffAdjustmentNotes } from './queries.ts';
import { refundStateOfEntry } from './refund-requests.ts';

export const TRANSACTIONS_PER_PAGE = 20;

/**
 * A change of credits by staff in the back office (O-02): booked with this ledger reason and the dialog's
 * id as reference; the audit line of the same transaction (this action) carries the staff member's reason,
 * which the member reads beside the booking.
 */
export const STAFF_ADJUSTMENT_REASON = 'staff_adjustment';
export const STAFF_CREDITS_ACTION = 'member.credits';

/** The staff reasons of a member's adjustments among these ledger rows, by reference. */
export function staffNotesOf(db: Db, userId: number, rows: { reason: string; reference: string | null }[]) {
  const refs = rows
    .filter((r) => r.reason === STAFF_ADJUSTMENT_REASON && r.reference)
    .map((r) => r.reference as string);
  return staffAdjustmentNotes(db, userId, STAFF_CREDITS_ACTION, refs);
}

type LedgerRow = NonNullable<Awaited<ReturnType<typeof ledgerEntry>>>;

const isPaymentReason = (reason: string) =>
  reason === PURCHASE_REASON || reason === REFUND_REASON || reason === CHARGEBACK_REASON;

async function present(db: Db, rows: LedgerRow[], userId: number): Promise<TTransaction[]> {
  const ids = rows.filter((r) => isPaymentReason(r.reason) && r.reference).map((r) => r.reference as string);
  const payments = new Map(
    (await findPaymentsByPublicIds(db, ids)).filter((p) => p.userId === userId).map((p) => [p.publicId, p]),
  );
  const notes = await staffNotesOf(db, userId, rows);
  return rows.map((r) => {
    const payment = isPaymentReason(r.reason) && r.reference ? payments.get(r.reference) : undefined;
    return {
      id: r.id,
      reason: r.reason,
      credits: r.amount,
      balance_after: r.balanceAfter,
      created_at: r.createdAt.toISOString(),
      payment: payment ? presentPaymentFields(payment) : null,
      note: r.reason === STAFF_ADJUSTMENT_REASON && r.reference ? (notes.get(r.reference) ?? null) : null,
      refund: null,
    };
  });
}

/** Purchases, refunds and credit use of a member, newest first, from the ledger (Pay-05). */
export async function listTransactions(db: Db, userId: number, page: number): Promise<TTransactions> {
  const { rows, total } = await ledgerPage(
    db,
    userId,
    TRANSACTIONS_PER_PAGE,
    (page - 1) * TRANSACTIONS_PER_PAGE,
  );
  return {
    items: await present(db, rows, userId),
    page,
    pages: Math.max(1, Math.ceil(total / TRANSACTIONS_PER_PAGE)),
  };
}

/**
 * One transaction, with what the member may do about refunding it when it is a purchase (issue 26);
 * another member's is a 404, like a missing one.
 */
export async function getTransaction(
  db: Db,
  userId: number,
  id: number,
  ctx: { provider: string | null; now: Date },
): Promise<TTransaction> {
  const row = await ledgerEntry(db, userId, id);
  if (!row) throw new AppError(404, 'not_found', 'error.not_found');
  const [[item], refund] = await Promise.all([
    present(db, [row], userId),
    refundStateOfEntry(db, userId, row, ctx),
  ]);
  if (!item) throw new AppError(404, 'not_found', 'error.not_found');
  return { ...item, refund };
}
