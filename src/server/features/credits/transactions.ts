import type { TTransaction, TTransactions } from '../../../shared/contract/credits.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { CHARGEBACK_REASON } from './chargebacks.ts';
import { PURCHASE_REASON, presentPaymentFields, REFUND_REASON } from './payments.ts';
import { findPaymentsByPublicIds, ledgerEntry, ledgerPage } from './queries.ts';

export const TRANSACTIONS_PER_PAGE = 20;

type LedgerRow = NonNullable<Awaited<ReturnType<typeof ledgerEntry>>>;

const isPaymentReason = (reason: string) =>
  reason === PURCHASE_REASON || reason === REFUND_REASON || reason === CHARGEBACK_REASON;

async function present(db: Db, rows: LedgerRow[], userId: number): Promise<TTransaction[]> {
  const ids = rows.filter((r) => isPaymentReason(r.reason) && r.reference).map((r) => r.reference as string);
  const payments = new Map(
    (await findPaymentsByPublicIds(db, ids)).filter((p) => p.userId === userId).map((p) => [p.publicId, p]),
  );
  return rows.map((r) => {
    const payment = isPaymentReason(r.reason) && r.reference ? payments.get(r.reference) : undefined;
    return {
      id: r.id,
      reason: r.reason,
      credits: r.amount,
      balance_after: r.balanceAfter,
      created_at: r.createdAt.toISOString(),
      payment: payment ? presentPaymentFields(payment) : null,
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

/** One transaction; another member's is a 404, like a missing one. */
export async function getTransaction(db: Db, userId: number, id: number): Promise<TTransaction> {
  const row = await ledgerEntry(db, userId, id);
  if (!row) throw new AppError(404, 'not_found', 'error.not_found');
  const [item] = await present(db, [row], userId);
  if (!item) throw new AppError(404, 'not_found', 'error.not_found');
  return item;
}
