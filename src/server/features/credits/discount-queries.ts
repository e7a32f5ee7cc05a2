// Discount codes: the code, its uses (claimed under a lock) and who redeemed it.
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { discountCodes, discountRedemptions, payments } from '../../db/schema.ts';

import type { DiscountCodeRow, PaymentRow } from './queries.ts';

export async function findDiscountCode(db: Db, code: string): Promise<DiscountCodeRow | undefined> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
  return row;
}

export async function hasRedeemed(db: Db, userId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: discountRedemptions.id })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.userId, userId), eq(discountRedemptions.code, code)));
  return Boolean(row);
}

/**
 * The payment that holds a member's use of a code: it reserves the code while open or pending and has
 * consumed it once paid (a payment that fails, expires or is cancelled gives its row back). Null: free.
 */
export async function redemptionHolder(
  db: Db | Tx,
  userId: number,
  code: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select({ payment: payments })
    .from(discountRedemptions)
    .innerJoin(payments, eq(payments.id, discountRedemptions.paymentId))
    .where(and(eq(discountRedemptions.userId, userId), eq(discountRedemptions.code, code)));
  return row?.payment ?? null;
}

/** Payment statuses that count as a use of their discount code: every one but those that failed. */
const CODE_USE_STATUSES = ['open', 'pending', 'paid', 'refunded', 'charged_back'] as const;

/** How many payments used a code and did not fail (a failed payment gives its use back). */
export async function countCodeUses(db: Db | Tx, code: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.discountCode, code), inArray(payments.status, [...CODE_USE_STATUSES])));
  return row?.n ?? 0;
}

/**
 * Whether one more payment may use a code limited to `maxUses` in all (O-04). Locks the code's row until
 * the transaction ends, so parallel payments count one after the other: each sees the payments the ones
 * before it committed, and exactly `maxUses` of them win.
 */
export async function claimCodeUse(tx: Tx, code: string, maxUses: number): Promise<boolean> {
  await tx
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(eq(discountCodes.code, code))
    .for('update');
  return (await countCodeUses(tx, code)) < maxUses;
}

/** Records a code used for a payment; the unique index makes a second use of a single-use code fail. */
export async function insertRedemption(db: Db | Tx, userId: number, code: string, paymentId: number) {
  await db.insert(discountRedemptions).values({ userId, code, paymentId });
}

/** A payment that did not go through gives its code back. */
export async function releaseRedemptions(db: Db | Tx, paymentId: number) {
  await db.delete(discountRedemptions).where(eq(discountRedemptions.paymentId, paymentId));
}
