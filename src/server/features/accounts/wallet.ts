import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { creditLedger, users } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';

export interface LedgerEntry {
  reason: string;
  /** Idempotency: the same (member, reason, reference) is booked once; a retry returns the first booking. */
  reference?: string | null;
}

/**
 * Changes a member's balance by `amount` (negative to spend) together with its ledger row, in one
 * transaction. A spend is a conditional update, so concurrent spends can never overdraw; the CHECK
 * constraint on users.credits backs that up. Returns the balance after the booking.
 */
export async function bookCredits(
  db: Db | Tx,
  userId: number,
  amount: number,
  entry: LedgerEntry,
): Promise<number> {
  if (!Number.isInteger(amount) || amount === 0) throw new Error('amount must be a non-zero integer');
  try {
    return await book(db, userId, amount, entry);
  } catch (err) {
    // Two bookings with one reference raced: the loser's transaction rolled back; answer the winner's.
    if (entry.reference && isUniqueViolation(err)) return book(db, userId, amount, entry);
    throw err;
  }
}

function book(db: Db | Tx, userId: number, amount: number, entry: LedgerEntry): Promise<number> {
  return db.transaction(async (tx) => {
    if (entry.reference) {
      const [done] = await tx
        .select({ balanceAfter: creditLedger.balanceAfter })
        .from(creditLedger)
        .where(
          and(
            eq(creditLedger.userId, userId),
            eq(creditLedger.reason, entry.reason),
            eq(creditLedger.reference, entry.reference),
          ),
        );
      if (done) return done.balanceAfter;
    }
    const [row] = await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${amount}` })
      .where(amount < 0 ? and(eq(users.id, userId), gte(users.credits, -amount)) : eq(users.id, userId))
      .returning({ credits: users.credits });
    if (!row) {
      throw new AppError(402, 'insufficient_credits', 'credits.insufficient', {
        details: { required: -amount },
      });
    }
    await tx.insert(creditLedger).values({
      userId,
      amount,
      balanceAfter: row.credits,
      reason: entry.reason,
      reference: entry.reference ?? null,
    });
    return row.credits;
  });
}

export async function ledgerOf(db: Db, userId: number) {
  return db
    .select({
      amount: creditLedger.amount,
      balanceAfter: creditLedger.balanceAfter,
      reason: creditLedger.reason,
      reference: creditLedger.reference,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(creditLedger.id);
}
