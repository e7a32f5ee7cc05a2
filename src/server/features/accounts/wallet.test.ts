import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, users } from '../../db/schema.ts';
import { seedDemo } from '../../demo/seed.ts';
import { createTestDatabase } from '../../test/app.ts';
import { expectLedgersBalance, ledgerMismatches, refuseBookingsOf } from '../../test/ledger.ts';
import { buildMember } from '../../test/members.ts';
import { bookCredits, ledgerOf } from './wallet.ts';

// On PGlite these run one at a time; `npm run test:pg` runs them on a real PostgreSQL server, where the
// 200 debits really race over a pool of connections.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db, { withDemoMember: false });
});
afterAll(async () => {
  // Issue 22: whatever these tests booked, every member's ledger still sums to their balance.
  try {
    await expectLedgersBalance(database.db);
  } finally {
    await database.drop();
  }
});

describe('credits wallet', () => {
  it('C-03 200 concurrent debits against a balance of 10: exactly 10 succeed and the balance ends at 0', async () => {
    const m = await buildMember(database.db);
    await bookCredits(database.db, m.id, 10, { reason: 'grant' });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        bookCredits(database.db, m.id, -1, { reason: 'message', reference: `msg-${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(190);
    for (const r of refused) expect(r.reason.code).toBe('insufficient_credits');
    const [row] = await database.db.select({ credits: users.credits }).from(users).where(eq(users.id, m.id));
    expect(row?.credits).toBe(0);
    const ledger = await ledgerOf(database.db, m.id);
    expect(ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
    expect(ledger.at(-1)?.balanceAfter).toBe(0);
  });

  it('C-12 the same reference is booked once, even when retried at the same time', async () => {
    const m = await buildMember(database.db);
    const grants = await Promise.all(
      Array.from({ length: 20 }, () =>
        bookCredits(database.db, m.id, 25, { reason: 'payment', reference: 'pay-1' }),
      ),
    );
    expect(new Set(grants)).toEqual(new Set([25]));
    const rows = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, m.id));
    expect(rows).toHaveLength(1);
  });

  it('C-03 a balance can never go below zero, even bypassing the service', async () => {
    const m = await buildMember(database.db);
    await expect(database.db.update(users).set({ credits: -1 }).where(eq(users.id, m.id))).rejects.toThrow();
    await expect(bookCredits(database.db, m.id, -1, { reason: 'message' })).rejects.toMatchObject({
      code: 'insufficient_credits',
    });
  });

  it('C-03 the ledger check finds a balance changed without a booking, and a booking without a balance', async () => {
    const m = await buildMember(database.db);
    await bookCredits(database.db, m.id, 5, { reason: 'grant' });
    expect((await ledgerMismatches(database.db)).map((x) => x.userId)).not.toContain(m.id);
    await database.db.update(users).set({ credits: 9 }).where(eq(users.id, m.id));
    expect(await ledgerMismatches(database.db)).toContainEqual({
      userId: m.id,
      credits: 9,
      ledgerSum: 5,
      lastBalanceAfter: 5,
    });
    await database.db.update(users).set({ credits: 5 }).where(eq(users.id, m.id));
    await database.db
      .insert(creditLedger)
      .values({ userId: m.id, amount: 2, balanceAfter: 7, reason: 'grant' });
    expect((await ledgerMismatches(database.db)).map((x) => x.userId)).toContain(m.id);
    // Put right, so the suite's own check after all tests passes.
    await database.db.update(users).set({ credits: 7 }).where(eq(users.id, m.id));
    expect(await ledgerMismatches(database.db)).toEqual([]);
  });
});

/** One call of the database function itself: the balance after, or null. */
async function bookInSql(userId: number, amount: number, reason: string, reference: string | null) {
  const result = (await database.db.execute(
    sql`select book_credits(${userId}::int, ${amount}::int, ${reason}::text, ${reference}::text) as balance`,
  )) as unknown as { rows: { balance: number | null }[] };
  const balance = result.rows[0]?.balance;
  return balance === null || balance === undefined ? null : Number(balance);
}

const balanceOf = async (userId: number) =>
  (await database.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]?.credits;

const bookingsOf = (userId: number, reference: string) =>
  database.db
    .select({ amount: creditLedger.amount, balanceAfter: creditLedger.balanceAfter })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reference, reference)));

describe('book_credits(): the one booking of credits (issue 22, decision 0032)', () => {
  it('C-03 Pay-10 books with its ledger row, answers a reference booked before without booking it again, and answers null when short or for no member', async () => {
    const m = await buildMember(database.db);
    expect(await bookInSql(m.id, 5, 'grant', 'g-1')).toBe(5);
    expect(await bookInSql(m.id, 5, 'grant', 'g-1')).toBe(5);
    expect(await bookInSql(m.id, -2, 'message', 'm-1')).toBe(3);
    // Short: nothing changes, no ledger row, no error.
    expect(await bookInSql(m.id, -4, 'message', 'm-2')).toBeNull();
    expect(await bookingsOf(m.id, 'm-2')).toEqual([]);
    // A reference booked before answers its booking, even where a new booking would now be short.
    expect(await bookInSql(m.id, -4, 'message', 'm-1')).toBe(3);
    // Without a reference every call books.
    expect(await bookInSql(m.id, -1, 'message', null)).toBe(2);
    expect(await bookInSql(m.id, -1, 'message', null)).toBe(1);
    expect(await balanceOf(m.id)).toBe(1);
    expect(await bookingsOf(m.id, 'g-1')).toEqual([{ amount: 5, balanceAfter: 5 }]);
    expect(await bookInSql(2_000_000_000, 5, 'grant', 'nobody')).toBeNull();
  });

  it('C-03 Pay-10 20 bookings of one reference at the same time book once', async () => {
    const m = await buildMember(database.db);
    await bookCredits(database.db, m.id, 10, { reason: 'grant' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        bookCredits(database.db, m.id, -3, { reason: 'message', reference: 'one-spend' }),
      ),
    );
    expect(new Set(answers)).toEqual(new Set([7]));
    expect(await bookingsOf(m.id, 'one-spend')).toEqual([{ amount: -3, balanceAfter: 7 }]);
    expect(await balanceOf(m.id)).toBe(7);
  });

  it('C-03 20 spends at the same time through the function itself never overdraw: 5 of 1 credit fit a balance of 5', async () => {
    const m = await buildMember(database.db);
    await bookCredits(database.db, m.id, 5, { reason: 'grant' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => bookInSql(m.id, -1, 'message', `spend-${i}`)),
    );
    expect(answers.filter((a) => a !== null).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual([0, 1, 2, 3, 4]);
    expect(answers.filter((a) => a === null)).toHaveLength(15);
    expect(await balanceOf(m.id)).toBe(0);
  });

  it('C-03 bookCredits books through book_credits(): when the function refuses, the wallet answers 402 and books nothing', async () => {
    const m = await buildMember(database.db);
    await bookCredits(database.db, m.id, 10, { reason: 'grant' });
    const restore = await refuseBookingsOf(database.db, m.id);
    try {
      await expect(
        bookCredits(database.db, m.id, -1, { reason: 'message', reference: 'refused-1' }),
      ).rejects.toMatchObject({ status: 402, code: 'insufficient_credits', details: { required: 1 } });
    } finally {
      await restore();
    }
    expect(await bookingsOf(m.id, 'refused-1')).toEqual([]);
    expect(await balanceOf(m.id)).toBe(10);
  });

  it("C-03 Pay-11 inside a caller's transaction: a repeat answers the first booking and a refusal leaves the transaction usable", async () => {
    const m = await buildMember(database.db);
    const after = await database.db.transaction(async (tx) => {
      await bookCredits(tx, m.id, 4, { reason: 'grant', reference: 'tx-1' });
      await expect(bookCredits(tx, m.id, -9, { reason: 'message', reference: 'tx-2' })).rejects.toMatchObject(
        {
          code: 'insufficient_credits',
        },
      );
      return bookCredits(tx, m.id, 4, { reason: 'grant', reference: 'tx-1' });
    });
    expect(after).toBe(4);
    expect(await balanceOf(m.id)).toBe(4);
  });

  it('C-03 amounts are whole and non-zero', async () => {
    const m = await buildMember(database.db);
    await expect(bookCredits(database.db, m.id, 0, { reason: 'grant' })).rejects.toThrow(/non-zero integer/);
    await expect(bookCredits(database.db, m.id, 1.5, { reason: 'grant' })).rejects.toThrow(
      /non-zero integer/,
    );
  });
});
