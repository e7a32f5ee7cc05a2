import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, payments, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { closeCheckingLedgers } from '../../test/ledger.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import { buyFirstBundle } from '../../test/payments.ts';
import { bookCredits } from '../accounts/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeCheckingLedgers(t));

const oldMember = () => buildMember(t.app.db, { createdAt: new Date(Date.now() - 48 * 3_600_000) });
const balance = async (id: number) =>
  (await t.app.db.select({ c: users.credits }).from(users).where(eq(users.id, id)))[0]?.c ?? -1;
const ledgerSum = async (id: number) =>
  Number(
    (
      await t.app.db
        .select({ s: sum(creditLedger.amount) })
        .from(creditLedger)
        .where(eq(creditLedger.userId, id))
    )[0]?.s ?? 0,
  );
const refund = (id: string) => t.app.inject({ method: 'POST', url: `/dev/payments/${id}/refund` });

const buy = (m: TestMember) => buyFirstBundle(t.app, m);

describe('Pay-11 refunds within refund_days', () => {
  it('Pay-11 a refund removes the unspent credits through the ledger, once', async () => {
    const m = await oldMember();
    const p = await buy(m);
    await bookCredits(t.app.db, m.id, -10, { reason: 'message', reference: 'm1' });
    const res = await refund(p.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ credits_removed: p.credits - 10, balance: 0, refunded_cents: 995 });
    expect(await balance(m.id)).toBe(0);
    expect(await ledgerSum(m.id)).toBe(0);
    expect((await refund(p.id)).statusCode).toBe(409);
    const seen = (
      await t.app.inject({ method: 'GET', url: `/api/payments/${p.id}`, cookies: m.cookies })
    ).json();
    expect(seen.status).toBe('refunded');
  });

  it('Pay-11 after refund_days a refund is refused; unknown and unpaid payments too', async () => {
    const m = await oldMember();
    const p = await buy(m);
    await t.app.db
      .update(payments)
      .set({ paidAt: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(payments.publicId, p.id));
    const res = await refund(p.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Terugbetalen kan alleen binnen 14 dagen na de aankoop.');
    expect(await balance(m.id)).toBe(p.credits);
    expect((await refund('pay_000000000000000000000000')).statusCode).toBe(404);
  });

  it('Pay-11 a refund racing spends never leaves a negative balance', async () => {
    for (let round = 0; round < 5; round++) {
      const m = await oldMember();
      const p = await buy(m);
      const spends = Array.from({ length: 4 }, (_, i) =>
        bookCredits(t.app.db, m.id, -4, { reason: 'message', reference: `race-${i}` }).catch(() => null),
      );
      const [res] = await Promise.all([refund(p.id), ...spends]);
      expect(res?.statusCode, res?.body).toBe(200);
      const left = await balance(m.id);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(await ledgerSum(m.id)).toBe(left);
    }
  });
});
