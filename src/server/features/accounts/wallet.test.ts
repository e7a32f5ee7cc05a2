import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, users } from '../../db/schema.ts';
import { seedDemo } from '../../demo/seed.ts';
import { createTestDatabase } from '../../test/app.ts';
import { expectLedgersBalance, ledgerMismatches } from '../../test/ledger.ts';
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
