import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ne, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { creditLedger } from '../db/schema.ts';
import type { TestApp } from './app.ts';
import { OPENING_REASON } from './members.ts';

export interface LedgerMismatch {
  userId: number;
  credits: number;
  ledgerSum: number;
  lastBalanceAfter: number | null;
}

/**
 * Members whose balance is not what their credit ledger says (issue 22): the sum of their bookings, and
 * the balance after the last one, must both equal `users.credits`. Every path that moves credits (chat's
 * SQL send, payments, refunds, chargebacks, direct debit, grants) must keep this, whoever books.
 */
export async function ledgerMismatches(db: Db): Promise<LedgerMismatch[]> {
  const rows = (await db.execute(sql`
    select u.id as user_id, u.credits,
           coalesce(l.total, 0)::int as ledger_sum,
           last.balance_after as last_balance_after
      from users u
      left join (select user_id, sum(amount) as total from credit_ledger group by user_id) l
        on l.user_id = u.id
      left join lateral (
        select balance_after from credit_ledger c where c.user_id = u.id order by c.id desc limit 1
      ) last on true
     where u.credits <> coalesce(l.total, 0)
        or (last.balance_after is not null and last.balance_after <> u.credits)
     order by u.id`)) as unknown as {
    rows: { user_id: number; credits: number; ledger_sum: number; last_balance_after: number | null }[];
  };
  return rows.rows.map((r) => ({
    userId: Number(r.user_id),
    credits: Number(r.credits),
    ledgerSum: Number(r.ledger_sum),
    lastBalanceAfter: r.last_balance_after === null ? null : Number(r.last_balance_after),
  }));
}

/** For an `afterAll`, before the app closes: every member's ledger adds up to their balance. */
export async function expectLedgersBalance(db: Db): Promise<void> {
  expect(await ledgerMismatches(db), 'members whose credit ledger does not sum to their balance').toEqual([]);
}

/** Leaves out the booking a test member was made with, for tests that count what they booked. */
export const notOpening = () => ne(creditLedger.reason, OPENING_REASON);

/**
 * Closes a file's test app once every member's ledger still sums to their balance (issue 22): whatever
 * its tests booked.
 */
export async function closeCheckingLedgers(t: TestApp): Promise<void> {
  try {
    await expectLedgersBalance(t.app.db);
  } finally {
    await t.close();
  }
}

const bookCreditsSource = join(import.meta.dirname, '../db/functions/book_credits.sql');

/**
 * For a test on its own database: `book_credits()` (decision 0032) refuses every booking of one member, as
 * if their balance were short, and books everyone else's as its source file does, until the returned
 * function puts the source file's definition back. Shows that a path books through the one function.
 */
export async function refuseBookingsOf(db: Db, memberId: number): Promise<() => Promise<void>> {
  const source = readFileSync(bookCreditsSource, 'utf8');
  const statement = source.slice(source.indexOf('CREATE OR REPLACE FUNCTION book_credits('));
  const refusing = statement.replace(
    '\nBEGIN\n',
    `\nBEGIN\n  IF p_user = ${Math.trunc(memberId)} THEN RETURN NULL; END IF;\n`,
  );
  if (refusing === statement) throw new Error('book_credits.sql has no BEGIN line to put the refusal after');
  await db.execute(sql.raw(refusing));
  return async () => {
    await db.execute(sql.raw(statement));
  };
}
