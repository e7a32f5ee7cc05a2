import { eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { creditLedger } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';

export interface LedgerEntry {
  reason: string;
  /** Idempotency: the same (member, reason, reference) is booked once; a retry returns the first booking. */
  reference?: string | null;
}

/**
 * Changes a member's balance by `amount` (negative to spend) together with its ledger row: one call of the
 * database function `book_credits()` (db/functions/book_credits.sql, decision 0032), the one booking of
 * credits, which chat_send() uses for every paid send too. A spend is a conditional update, so concurrent
 * spends can never overdraw; the CHECK constraint on users.credits backs that up. Returns the balance after
 * the booking; a balance too small (or no such member) is a 402 insufficient_credits.
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
    // Two first bookings of one reference raced: the loser's statement rolled back; answer the winner's.
    if (entry.reference && isUniqueViolation(err)) return book(db, userId, amount, entry);
    throw err;
  }
}

async function book(db: Db | Tx, userId: number, amount: number, entry: LedgerEntry): Promise<number> {
  const booking = sql`select book_credits(${userId}::int, ${amount}::int, ${entry.reason}::text,
    ${entry.reference ?? null}::text) as balance`;
  // One statement is its own transaction; inside the caller's transaction it goes under a savepoint, so
  // the race above costs the caller's transaction nothing and the retry can still run in it.
  const result = (db instanceof PgTransaction
    ? await db.transaction((tx) => tx.execute(booking))
    : await db.execute(booking)) as unknown as { rows: { balance: number | string | null }[] };
  const balance = result.rows[0]?.balance;
  if (balance === null || balance === undefined) {
    throw new AppError(402, 'insufficient_credits', 'credits.insufficient', {
      details: { required: -amount },
    });
  }
  return Number(balance);
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
