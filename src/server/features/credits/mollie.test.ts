import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCreatePaymentResponse, ZPricing, ZQuote } from '../../../shared/contract/credits.ts';
import { COUNTRY_CURRENCY } from '../../../shared/data/payment-methods.ts';
import { creditLedger, discountCodes, paymentChargebacks, payments, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { startFakeMollie } from '../../test/fake-mollie.ts';
import { expectLedgersBalance } from '../../test/ledger.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import { bookCredits } from '../accounts/index.ts';

const API_KEY = 'test_fakefakefakefakefakefakefake';
let fake: Awaited<ReturnType<typeof startFakeMollie>>;
let t: TestApp;
const tlsSetting = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
beforeAll(async () => {
  // The Mollie client trusts only its bundled CAs; the fake on 127.0.0.1 has a self-signed certificate.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  fake = await startFakeMollie(API_KEY);
  t = await createTestApp({ MOLLIE_API_KEY: API_KEY, MOLLIE_API_ENDPOINT: fake.url });
});
afterAll(async () => {
  try {
    // Issue 22: chargebacks and purchases leave every member's ledger summing to their balance.
    await expectLedgersBalance(t.app.db);
  } finally {
    await t.close();
    await fake.close();
    if (tlsSetting === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsSetting;
  }
});

const oldMember = (country = 'NL') =>
  buildMember(t.app.db, { createdAt: new Date(Date.now() - 48 * 3_600_000), profile: { country } });
const get = (m: TestMember | null, url: string) =>
  t.app.inject({ method: 'GET', url, ...(m ? { cookies: m.cookies } : {}) });
const post = (m: TestMember | null, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, ...(m ? { cookies: m.cookies } : {}) });
const webhook = (id: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${encodeURIComponent(id)}`,
  });
const credits = async (id: number) =>
  (await t.app.db.select({ c: users.credits }).from(users).where(eq(users.id, id)))[0]?.c;

async function pay(m: TestMember, body: Record<string, unknown> = {}) {
  const pricing = ZPricing.parse((await get(m, '/api/credits')).json());
  const bundle = pricing.bundles[0];
  const res = await post(m, '/api/payments', { bundle_id: bundle?.id, method: 'ideal', ...body });
  expect(res.statusCode, res.body).toBe(200);
  const created = ZCreatePaymentResponse.parse(res.json());
  const [row] = await t.app.db.select().from(payments).where(eq(payments.publicId, created.payment_id));
  return { bundle, created, providerId: row?.providerId ?? '' };
}

describe('Pay-10 Mollie provider (against a local fake of its API)', () => {
  it('Pay-10 a payment is created at Mollie with the server amount; its webhook grants once', async () => {
    const m = await oldMember();
    const { bundle, created, providerId } = await pay(m);
    expect(created.checkout_url).toMatch(/^https:\/\/www\.mollie\.com\/checkout/);
    const sent = fake.payments.get(providerId);
    expect(sent).toMatchObject({
      amount: { currency: 'EUR', value: '9.95' },
      method: 'ideal',
      webhookUrl: expect.stringMatching(/\/api\/payments\/webhook$/),
      redirectUrl: expect.stringContaining(`payment=${created.payment_id}`),
    });
    // Mollie says open: nothing yet; a forged "paid" in the webhook body changes nothing.
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${providerId}&status=paid`,
    });
    expect(await credits(m.id)).toBe(0);
    fake.setStatus(providerId, 'paid');
    await Promise.all([webhook(providerId), webhook(providerId), webhook(providerId)]);
    expect(await credits(m.id)).toBe(bundle?.credits);
    const seen = (await get(m, `/api/payments/${created.payment_id}`)).json();
    expect(seen).toMatchObject({ status: 'paid', balance: bundle?.credits });
    // A later "failed" from the provider cannot undo a paid payment.
    fake.setStatus(providerId, 'failed');
    await webhook(providerId);
    expect((await get(m, `/api/payments/${created.payment_id}`)).json().status).toBe('paid');
  });

  it('Pay-10 a card chargeback takes the credits back through the ledger (never below zero, the shortfall recorded), ends premium and flags the member, once however often the webhook comes', async () => {
    const m = await oldMember();
    const { bundle, created, providerId } = await pay(m, { method: 'creditcard' });
    const bought = bundle?.credits ?? 0;
    fake.setStatus(providerId, 'paid');
    await webhook(providerId);
    expect(await credits(m.id)).toBe(bought);
    const premium = async () =>
      (await t.app.db.select({ p: users.paidUser }).from(users).where(eq(users.id, m.id)))[0]?.p;
    expect(await premium()).toBe(true);
    await bookCredits(t.app.db, m.id, -5, { reason: 'message' }); // spent before the bank took it back

    fake.chargeBack(providerId);
    await Promise.all([webhook(providerId), webhook(providerId), webhook(providerId)]);
    await webhook(providerId);
    expect(await credits(m.id)).toBe(0);
    expect(await premium()).toBe(false);
    const reversal = await t.app.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, m.id), eq(creditLedger.reason, 'chargeback')));
    expect(reversal).toMatchObject([
      { amount: -(bought - 5), reference: created.payment_id, balanceAfter: 0 },
    ]);
    const flagged = await t.app.db
      .select()
      .from(paymentChargebacks)
      .where(eq(paymentChargebacks.userId, m.id));
    expect(flagged).toMatchObject([
      { amountCents: created.amount_cents, creditsRemoved: bought - 5, creditsShort: 5, premiumEnded: true },
    ]);
    expect((await get(m, `/api/payments/${created.payment_id}`)).json()).toMatchObject({
      status: 'charged_back',
      balance: 0,
    });
    const list = (await get(m, '/api/transactions')).json();
    expect(list.items[0]).toMatchObject({ reason: 'chargeback', credits: -(bought - 5) });
  });

  it('Pay-10 a chargeback of one payment keeps the premium another payment bought', async () => {
    const m = await oldMember();
    const first = await pay(m, { method: 'creditcard' });
    const second = await pay(m, { method: 'creditcard' });
    for (const p of [first, second]) {
      fake.setStatus(p.providerId, 'paid');
      await webhook(p.providerId);
    }
    const bought = first.bundle?.credits ?? 0;
    expect(await credits(m.id)).toBe(2 * bought);
    fake.chargeBack(first.providerId);
    await webhook(first.providerId);
    expect(await credits(m.id)).toBe(bought);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, m.id));
    expect(row?.paidUser).toBe(true);
    const flagged = await t.app.db
      .select()
      .from(paymentChargebacks)
      .where(eq(paymentChargebacks.userId, m.id));
    expect(flagged).toMatchObject([{ creditsRemoved: bought, creditsShort: 0, premiumEnded: false }]);
  });

  it('Pay-10 unknown ids and test-provider ids while Mollie is configured grant nothing', async () => {
    const m = await oldMember();
    const { created } = await pay(m);
    expect((await webhook('tr_doesnotexist')).statusCode).toBe(200);
    expect((await webhook('tst_0123456789abcdef01234567')).statusCode).toBe(200);
    expect((await webhook(created.payment_id)).statusCode).toBe(200);
    expect((await get(null, '/api/test-checkout/tst_0123456789abcdef01234567')).statusCode).toBe(404);
    expect(await credits(m.id)).toBe(0);
  });

  it('Pay-10 property: over bundles, countries, currencies and discounts the amount shown is the amount charged', async () => {
    const countries = Object.keys(COUNTRY_CURRENCY);
    const members = new Map<string, TestMember>();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...countries),
        fc.nat({ max: 3 }),
        fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
        async (country, index, percentage) => {
          let m = members.get(country);
          if (!m) {
            m = await oldMember(country);
            members.set(country, m);
          }
          const pricing = ZPricing.parse((await get(m, '/api/credits')).json());
          expect(pricing.currency).toBe(COUNTRY_CURRENCY[country]);
          const bundle = pricing.bundles[index % pricing.bundles.length];
          let code: string | undefined;
          if (percentage !== undefined) {
            n += 1;
            code = `PROP${n}X${percentage}`;
            await t.app.db.insert(discountCodes).values({ code, percentage, oncePerMember: false });
          }
          const qs = new URLSearchParams({
            bundle_id: String(bundle?.id),
            ...(code ? { discount_code: code } : {}),
          });
          const quote = ZQuote.parse((await get(m, `/api/credits/quote?${qs}`)).json());
          const method = quote.methods.find((x) => x.id === 'creditcard')?.id ?? 'creditcard';
          const res = await post(m, '/api/payments', {
            bundle_id: bundle?.id,
            method,
            ...(code ? { discount_code: code } : {}),
            amount_cents: 1,
          });
          expect(res.statusCode, res.body).toBe(200);
          const created = ZCreatePaymentResponse.parse(res.json());
          const [row] = await t.app.db
            .select()
            .from(payments)
            .where(eq(payments.publicId, created.payment_id));
          const asked = fake.payments.get(row?.providerId ?? '')?.amount;
          expect(asked?.currency).toBe(quote.bundle.currency);
          const [whole, cents] = (asked?.value ?? '').split('.');
          expect(cents).toHaveLength(2);
          expect(Number(whole) * 100 + Number(cents)).toBe(quote.amount_cents);
          expect(created.amount_cents).toBe(quote.amount_cents);
          expect(Number.isInteger(quote.amount_cents)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });
});
