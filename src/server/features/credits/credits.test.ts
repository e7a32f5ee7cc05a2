import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZCreatePaymentResponse,
  ZPayment,
  ZPricing,
  ZQuote,
  ZTimeBonus,
  ZTransactions,
} from '../../../shared/contract/credits.ts';
import { creditLedger, discountCodes, payments, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { openChat, sendText } from '../../test/chat.ts';
import { closeCheckingLedgers } from '../../test/ledger.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import { bookCredits } from '../accounts/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeCheckingLedgers(t));

const member = (overrides: Parameters<typeof buildMember>[1] = {}) => buildMember(t.app.db, overrides);
const HOURS = 3_600_000;
/** A member who signed up long ago: no time bonus in the way. */
const oldMember = (overrides: Parameters<typeof buildMember>[1] = {}) =>
  member({ createdAt: new Date(Date.now() - 48 * HOURS), ...overrides });

async function get(m: TestMember | null, url: string) {
  return t.app.inject({ method: 'GET', url, ...(m ? { cookies: m.cookies } : {}) });
}
async function post(m: TestMember | null, url: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    ...(m ? { cookies: m.cookies } : {}),
  });
}

async function bundles(m: TestMember) {
  const res = await get(m, '/api/credits');
  expect(res.statusCode, res.body).toBe(200);
  return ZPricing.parse(res.json());
}

async function startPayment(m: TestMember, body: Record<string, unknown> = {}) {
  const { bundles: list } = await bundles(m);
  const bundle = list[0];
  if (!bundle) throw new Error('no bundles');
  const res = await post(m, '/api/payments', { bundle_id: bundle.id, method: 'ideal', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return { bundle, created: ZCreatePaymentResponse.parse(res.json()) };
}

const providerId = async (publicId: string) =>
  (await t.app.db.select().from(payments).where(eq(payments.publicId, publicId)))[0]?.providerId ?? '';

async function choose(publicId: string, status: string) {
  const id = await providerId(publicId);
  return post(null, `/api/test-checkout/${id}`, { status });
}

async function paymentOf(m: TestMember, id: string) {
  const res = await get(m, `/api/payments/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZPayment.parse(res.json());
}

const balance = async (id: number) =>
  (await t.app.db.select({ c: users.credits, paid: users.paidUser }).from(users).where(eq(users.id, id)))[0];

describe('Pay-01 bundles and prices', () => {
  it('Pay-01 /api/credits lists the bundles of the member country in its currency, best value marked', async () => {
    const nl = await bundles(await oldMember());
    expect(nl.country).toBe('NL');
    expect(nl.currency).toBe('EUR');
    expect(nl.bundles.length).toBeGreaterThan(1);
    expect(nl.bundles.filter((b) => b.best_value)).toHaveLength(1);
    const best = nl.bundles.find((b) => b.best_value);
    for (const b of nl.bundles) {
      expect(Number.isInteger(b.amount_cents)).toBe(true);
      expect(b.amount_cents / b.credits).toBeGreaterThanOrEqual(
        (best?.amount_cents ?? 0) / (best?.credits ?? 1),
      );
    }
    expect(nl.minimum_message_cost).toEqual({ costs: 29, currency: 'EUR' });
    expect(nl.message_credits).toBeGreaterThan(0);

    const ch = await bundles(await oldMember({ profile: { country: 'CH' } }));
    expect(ch.currency).toBe('CHF');
    const pl = await bundles(await oldMember({ profile: { country: 'PL' } }));
    expect(pl.currency).toBe('PLN');
    const unknown = await bundles(await oldMember({ profile: { country: 'JP' } }));
    expect(unknown.country).toBe('NL');
  });

  it('Pay-01 /api/pricing is public and per country', async () => {
    const res = await get(null, '/api/pricing?country=SE');
    expect(res.statusCode).toBe(200);
    expect(ZPricing.parse(res.json())).toMatchObject({ country: 'SE', currency: 'SEK' });
    expect((await get(null, '/api/pricing?country=%00')).statusCode).toBe(400);
  });
});

describe('Pay-03 payment methods per country and currency', () => {
  it('Pay-03 NL offers iDEAL, DE neither Giropay nor Sofort, CH offers TWINT', async () => {
    const nlMember = await oldMember();
    const nl = await bundles(nlMember);
    const quote = ZQuote.parse(
      (await get(nlMember, `/api/credits/quote?bundle_id=${nl.bundles[0]?.id}`)).json(),
    );
    expect(quote.methods.map((m) => m.id)).toContain('ideal');
    expect(quote.amount_cents).toBe(nl.bundles[0]?.amount_cents);

    const deMember = await oldMember({ profile: { country: 'DE' } });
    const de = await bundles(deMember);
    const deQuote = ZQuote.parse(
      (await get(deMember, `/api/credits/quote?bundle_id=${de.bundles[0]?.id}`)).json(),
    );
    const ids = deQuote.methods.map((m) => m.id);
    expect(ids).not.toContain('giropay');
    expect(ids).not.toContain('sofort');
    expect(ids).not.toContain('ideal');

    const chMember = await oldMember({ profile: { country: 'CH' } });
    const ch = await bundles(chMember);
    const chQuote = ZQuote.parse(
      (await get(chMember, `/api/credits/quote?bundle_id=${ch.bundles[0]?.id}`)).json(),
    );
    expect(chQuote.methods.map((m) => m.id)).toContain('twint');
    expect(chQuote.methods.map((m) => m.id)).not.toContain('directdebit');
  });

  it("Pay-03 another country's bundle, an unknown bundle or an unfitting method is refused", async () => {
    const nlMember = await oldMember();
    const de = await bundles(await oldMember({ profile: { country: 'DE' } }));
    expect((await get(nlMember, `/api/credits/quote?bundle_id=${de.bundles[0]?.id}`)).statusCode).toBe(404);
    expect(
      (await post(nlMember, '/api/payments', { bundle_id: de.bundles[0]?.id, method: 'ideal' })).statusCode,
    ).toBe(404);
    expect((await post(nlMember, '/api/payments', { bundle_id: 999_999, method: 'ideal' })).statusCode).toBe(
      404,
    );
    const nl = await bundles(nlMember);
    for (const method of ['giropay', 'sofort', 'twint', 'ideal\u0000', '']) {
      const res = await post(nlMember, '/api/payments', { bundle_id: nl.bundles[0]?.id, method });
      expect(res.statusCode, method).toBe(400);
    }
  });
});

describe('Pay-10 test provider, webhook and status', () => {
  it('Pay-10 Pay-02 a paid payment grants the credits once and makes the member premium', async () => {
    const m = await oldMember();
    const { bundle, created } = await startPayment(m);
    expect(created.checkout_url).toMatch(/^\/test-checkout\/tst_/);
    expect(created.amount_cents).toBe(bundle.amount_cents);
    expect((await paymentOf(m, created.payment_id)).status).toBe('open');
    expect((await choose(created.payment_id, 'paid')).statusCode).toBe(200);
    const paid = await paymentOf(m, created.payment_id);
    expect(paid).toMatchObject({ status: 'paid', credits: bundle.credits, balance: bundle.credits });
    expect(await balance(m.id)).toEqual({ c: bundle.credits, paid: true });
    const user = (await get(m, '/api/user.php')).json();
    expect(user.user).toMatchObject({ paid_user: true, credits: bundle.credits });

    // Replays of the webhook, polls and a second choice change nothing.
    const id = await providerId(created.payment_id);
    for (let i = 0; i < 5; i++) {
      expect((await post(null, '/api/payments/webhook', { id })).statusCode).toBe(200);
      await paymentOf(m, created.payment_id);
    }
    expect((await choose(created.payment_id, 'failed')).statusCode).toBe(409);
    expect((await balance(m.id))?.c).toBe(bundle.credits);
    const grants = await t.app.db.select().from(creditLedger).where(eq(creditLedger.userId, m.id));
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ reason: 'purchase', reference: created.payment_id });
  });

  it('Pay-10 the same webhook 10 times in parallel grants once', async () => {
    const m = await oldMember();
    const { bundle, created } = await startPayment(m);
    const id = await providerId(created.payment_id);
    // The tester's choice without its own webhook call: set the provider side straight in its table.
    await t.app.db.execute(`update test_provider_payments set status = 'paid' where id = '${id}'`);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/webhook',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `id=${id}`,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect((await balance(m.id))?.c).toBe(bundle.credits);
  });

  it('Pay-04 pending is polled to paid; failed, cancelled and expired grant nothing', async () => {
    const m = await oldMember();
    const a = await startPayment(m);
    await choose(a.created.payment_id, 'pending');
    expect((await paymentOf(m, a.created.payment_id)).status).toBe('pending');
    // The provider decides later; the webhook is lost, the return page's poll finds it.
    const id = await providerId(a.created.payment_id);
    await t.app.db.execute(`update test_provider_payments set status = 'paid' where id = '${id}'`);
    expect((await paymentOf(m, a.created.payment_id)).status).toBe('paid');

    for (const status of ['failed', 'canceled', 'expired']) {
      const other = await oldMember();
      const p = await startPayment(other);
      await choose(p.created.payment_id, status);
      const seen = await paymentOf(other, p.created.payment_id);
      expect(seen.status).toBe(status);
      expect(seen.balance).toBe(0);
      expect((await balance(other.id))?.paid).toBe(false);
    }
  });

  it('Pay-10 a status never moves back, even written straight to the database', async () => {
    const m = await oldMember();
    const { created } = await startPayment(m);
    await choose(created.payment_id, 'paid');
    await expect(
      t.app.db.update(payments).set({ status: 'open' }).where(eq(payments.publicId, created.payment_id)),
    ).rejects.toThrow();
  });

  it('Pay-10 unknown ids, forged bodies and other members get nothing', async () => {
    const m = await oldMember();
    const other = await oldMember();
    const { created } = await startPayment(m);
    expect((await post(null, '/api/payments/webhook', { id: 'tst_doesnotexist' })).statusCode).toBe(200);
    expect(
      (await post(null, '/api/payments/webhook', { id: created.payment_id, status: 'paid' })).statusCode,
    ).toBe(200);
    expect((await post(null, '/api/payments/webhook', {})).statusCode).toBe(400);
    expect((await get(other, `/api/payments/${created.payment_id}`)).statusCode).toBe(404);
    expect((await get(null, `/api/payments/${created.payment_id}`)).statusCode).toBe(403);
    expect((await paymentOf(m, created.payment_id)).status).toBe('open');
    expect((await balance(m.id))?.c).toBe(0);
  });

  it('Pay-10 a tampered amount, currency or credits in the request changes nothing', async () => {
    const m = await oldMember();
    const { bundle, created } = await startPayment(m, { amount_cents: 1, currency: 'USD', credits: 9999 });
    expect(created).toMatchObject({ amount_cents: bundle.amount_cents, currency: 'EUR' });
    await choose(created.payment_id, 'paid');
    expect((await balance(m.id))?.c).toBe(bundle.credits);
  });

  it('Pay-04 a failed card payment after an earlier paid one offers retry or PayPal', async () => {
    const m = await oldMember();
    const first = await startPayment(m, { method: 'visa' });
    await choose(first.created.payment_id, 'paid');
    const second = await startPayment(m, { method: 'visa' });
    await choose(second.created.payment_id, 'failed');
    expect((await paymentOf(m, second.created.payment_id)).recurring_card).toBe(true);
    const fresh = await oldMember();
    const once = await startPayment(fresh, { method: 'visa' });
    await choose(once.created.payment_id, 'failed');
    expect((await paymentOf(fresh, once.created.payment_id)).recurring_card).toBe(false);
  });
});

describe('Pay-07 Pay-08 Pay-09 discounts, welcome discount and time bonus', () => {
  it("Pay-07 a code lowers the charge once; unknown codes are 'Code niet gevonden', reuse 'Code reeds gebruikt'", async () => {
    await t.app.db.insert(discountCodes).values({ code: 'TEST30', percentage: 30 }).onConflictDoNothing();
    const m = await oldMember();
    const { bundles: list } = await bundles(m);
    const bundle = list[1];
    const check = await get(m, `/api/discount-code?code=test30&bundle_id=${bundle?.id}`);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ code: 'TEST30', value_percentage: 30, validity: 'once_per_user' });
    const quote = ZQuote.parse(
      (await get(m, `/api/credits/quote?bundle_id=${bundle?.id}&discount_code=TEST30`)).json(),
    );
    const { created } = await startPayment(m, { bundle_id: bundle?.id, discount_code: 'TEST30' });
    expect(created.amount_cents).toBe(quote.amount_cents);
    expect(created.amount_cents).toBe(
      (bundle?.amount_cents ?? 0) - Math.floor(((bundle?.amount_cents ?? 0) * 30 + 50) / 100),
    );
    await choose(created.payment_id, 'paid');

    const again = await get(m, `/api/discount-code?code=TEST30`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Code reeds gebruikt');
    const missing = await get(m, `/api/discount-code?code=NOPE`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Code niet gevonden');
    expect((await get(m, `/api/discount-code?code=${encodeURIComponent('\u202eX')}`)).statusCode).toBe(400);
  });

  it('Pay-07 a failed payment gives the code back; country and minimum are checked', async () => {
    await t.app.db
      .insert(discountCodes)
      .values([
        { code: 'ONLYDE', percentage: 10, country: 'DE' },
        { code: 'BIGONLY', percentage: 10, minimumCents: 5000 },
      ])
      .onConflictDoNothing();
    const m = await oldMember();
    const { created } = await startPayment(m, { discount_code: 'VONK10' });
    await choose(created.payment_id, 'failed');
    expect((await get(m, '/api/discount-code?code=VONK10')).statusCode).toBe(200);
    expect((await get(m, '/api/discount-code?code=ONLYDE')).statusCode).toBe(404);
    const { bundles: list } = await bundles(m);
    expect((await get(m, `/api/discount-code?code=BIGONLY&bundle_id=${list[0]?.id}`)).statusCode).toBe(422);
  });

  it('Pay-07 two tabs redeeming one single-use code: exactly one payment can still be paid with it', async () => {
    const m = await oldMember();
    const { bundles: list } = await bundles(m);
    const answers = await Promise.all(
      [0, 1].map(() =>
        post(m, '/api/payments', { bundle_id: list[0]?.id, method: 'ideal', discount_code: 'VONK10' }),
      ),
    );
    // The later one takes the code over from the earlier (cancelled at the provider first), or is refused.
    for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
    const open = await t.app.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.userId, m.id), eq(payments.status, 'open'), eq(payments.discountCode, 'VONK10')),
      );
    expect(open).toHaveLength(1);
  });

  it('Pay-09 Pay-10 20 payments at once with TIMEBONUS25: one takes the bonus; 20 paid checkouts at once book its credits once', async () => {
    const m = await member();
    const { bundles: list } = await bundles(m);
    const bundle = list[0];
    if (!bundle) throw new Error('no bundles');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(m, '/api/payments', { bundle_id: bundle.id, method: 'ideal', discount_code: 'TIMEBONUS25' }),
      ),
    );
    // Never 'expired' for a bonus another tab took a moment ago: a later payment takes the bonus over
    // from an earlier open one (cancelled at the provider first) or is refused; one stays payable.
    for (const lost of answers.filter((a) => a.statusCode !== 200)) {
      expect(lost.statusCode).toBe(409);
      expect(['discount_used', 'discount_reserved']).toContain(lost.json().error.code);
    }
    const stored = await t.app.db.select().from(payments).where(eq(payments.userId, m.id));
    const open = stored.filter((p) => p.status === 'open');
    expect(open).toHaveLength(1);
    expect(stored.every((p) => p.status === 'open' || p.status === 'canceled')).toBe(true);
    const created = ZCreatePaymentResponse.parse(
      answers.find((a) => a.statusCode === 200 && a.json().payment_id === open[0]?.publicId)?.json(),
    );
    expect(created.amount_cents).toBe(Math.round(bundle.amount_cents * 0.75));
    const choices = await Promise.all(Array.from({ length: 20 }, () => choose(created.payment_id, 'paid')));
    expect(choices.every((c) => c.statusCode === 200 || c.statusCode === 409)).toBe(true);
    expect(await balance(m.id)).toEqual({ c: bundle.credits, paid: true });
    const ledger = await t.app.db.select().from(creditLedger).where(eq(creditLedger.userId, m.id));
    expect(ledger.map((l) => [l.reason, l.amount])).toEqual([['purchase', bundle.credits]]);
  });

  it('Pay-08 Pay-09 a new unpaid member has the time bonus as welcome discount, once', async () => {
    const m = await member();
    const bonus = ZTimeBonus.parse((await get(m, '/api/time-bonus')).json());
    expect(bonus).toMatchObject({ active: true, code: 'TIMEBONUS25', percentage: 25, popup: true });
    expect(bonus.remaining_seconds).toBeGreaterThan(14_000);
    expect(bonus.remaining_seconds).toBeLessThanOrEqual(14_400);
    const welcome = await get(m, '/api/discount-code?welcome=true');
    expect(welcome.json()).toMatchObject({ code: 'TIMEBONUS25', value_percentage: 25, user_id: m.id });

    expect((await post(m, '/api/time-bonus/dismiss', {})).statusCode).toBe(200);
    expect(ZTimeBonus.parse((await get(m, '/api/time-bonus')).json()).popup).toBe(false);

    const { bundle, created } = await startPayment(m, { discount_code: 'TIMEBONUS25' });
    expect(created.amount_cents).toBe(
      bundle.amount_cents - Math.floor((bundle.amount_cents * 25 + 50) / 100),
    );
    await choose(created.payment_id, 'paid');
    expect(ZTimeBonus.parse((await get(m, '/api/time-bonus')).json()).active).toBe(false);
    expect((await get(m, '/api/discount-code?welcome=true')).statusCode).toBe(404);
    expect((await get(m, '/api/discount-code?code=TIMEBONUS25')).statusCode).toBe(409);
  });

  it('Pay-09 no time bonus after 4 hours, for paid members, nor a popup with credits', async () => {
    const late = await member({ createdAt: new Date(Date.now() - 4 * HOURS - 1000) });
    expect(ZTimeBonus.parse((await get(late, '/api/time-bonus')).json()).active).toBe(false);
    expect((await get(late, '/api/discount-code?code=TIMEBONUS25')).statusCode).toBe(410);
    const paid = await member({ paidUser: true });
    expect(ZTimeBonus.parse((await get(paid, '/api/time-bonus')).json()).active).toBe(false);
    const rich = await member();
    await bookCredits(t.app.db, rich.id, 5, { reason: 'signup', reference: 'signup' });
    expect(ZTimeBonus.parse((await get(rich, '/api/time-bonus')).json())).toMatchObject({
      active: true,
      popup: false,
    });
  });
});

describe('Pay-05 transactions and repeat order', () => {
  it('Pay-05 transactions list purchases and credit use, newest first, only the own ones', async () => {
    const m = await oldMember();
    const other = await oldMember();
    const { bundle, created } = await startPayment(m);
    await choose(created.payment_id, 'paid');
    // A real chat message: what it cost shows beside the purchase (issue 9: done when).
    const conversation = await openChat(t.app, m, other);
    expect((await sendText(t.app, m, conversation, 'Hoi!')).statusCode).toBe(201);
    const list = ZTransactions.parse((await get(m, '/api/transactions')).json());
    expect(list.items.map((i) => [i.reason, i.credits])).toEqual([
      ['chat_message', -1],
      ['purchase', bundle.credits],
    ]);
    expect(list.items[1]?.payment).toMatchObject({
      id: created.payment_id,
      amount_cents: bundle.amount_cents,
    });
    const purchase = list.items[1];
    expect((await get(m, `/api/transactions/${purchase?.id}`)).json()).toMatchObject({ reason: 'purchase' });
    expect((await get(other, `/api/transactions/${purchase?.id}`)).statusCode).toBe(404);
    expect(ZTransactions.parse((await get(other, '/api/transactions')).json()).items).toHaveLength(0);

    const repeat = await get(m, '/api/credits/repeat-order');
    expect(repeat.json()).toMatchObject({ bundle: { id: bundle.id }, method: { id: 'ideal' } });
    expect((await get(other, '/api/credits/repeat-order')).statusCode).toBe(404);
  });
});
