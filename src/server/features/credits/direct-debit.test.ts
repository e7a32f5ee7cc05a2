import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZCreatePaymentResponse,
  ZDirectDebitStarted,
  ZPayment,
  ZPricing,
} from '../../../shared/contract/credits.ts';
import { directDebitRequests, payments, smsOutbox, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { closeCheckingLedgers } from '../../test/ledger.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import { directDebitForm } from '../../test/payments.ts';
import { checkPhone, maskIban } from './direct-debit.ts';
import { releaseHeldCredits } from './payments.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeCheckingLedgers(t));

const IBAN = 'NL91ABNA0417164300';
const oldMember = (overrides: Parameters<typeof buildMember>[1] = {}) =>
  buildMember(t.app.db, { createdAt: new Date(Date.now() - 48 * 3_600_000), ...overrides });
const post = (m: TestMember, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, cookies: m.cookies });

async function form(m: TestMember, overrides: Record<string, unknown> = {}) {
  const pricing = ZPricing.parse(
    (await t.app.inject({ method: 'GET', url: '/api/credits', cookies: m.cookies })).json(),
  );
  // Written as people type it: the server reads it all the same.
  return directDebitForm(pricing.bundles[0]?.id, { iban: 'nl91 abna 0417 1643 00', ...overrides });
}

async function lastCode(to: string) {
  const [sms] = await t.app.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.to, to))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  return sms?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
}

describe('Pay-06 direct debit with an SMS code', () => {
  it("Pay-06 a wrong code is 'Code ongeldig'; the right one starts the debit once; the IBAN is stored masked", async () => {
    const m = await oldMember();
    const res = await post(m, '/api/direct-debit', await form(m));
    expect(res.statusCode, res.body).toBe(200);
    const started = ZDirectDebitStarted.parse(res.json());
    expect(started.iban_masked).toBe('NL** **** **** 4300');
    const [row] = await t.app.db
      .select()
      .from(directDebitRequests)
      .where(eq(directDebitRequests.publicId, started.request_id));
    expect(row).toMatchObject({ ibanMasked: 'NL** **** **** 4300', phone: '+31612345678' });
    expect(JSON.stringify(row)).not.toContain('0417164300');

    const code = await lastCode('+31612345678');
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await post(m, `/api/direct-debit/${started.request_id}/confirm`, { otp: wrong });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Code ongeldig');

    const other = await oldMember();
    expect(
      (await post(other, `/api/direct-debit/${started.request_id}/confirm`, { otp: code })).statusCode,
    ).toBe(404);

    const [a, b] = await Promise.all([
      post(m, `/api/direct-debit/${started.request_id}/confirm`, { otp: code }),
      post(m, `/api/direct-debit/${started.request_id}/confirm`, { otp: code }),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 409]);
    const ok = [a, b].find((r) => r?.statusCode === 200);
    const created = ZCreatePaymentResponse.parse(ok?.json());
    expect(created.checkout_url).toMatch(/^\/test-checkout\//);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.publicId, created.payment_id));
    expect(payment?.method).toBe('directdebit');
  });

  it('Pay-06 credits bought by direct debit can be spent only after a 24-hour hold; a refund or chargeback meanwhile takes nothing else', async () => {
    const m = await oldMember();
    const started = ZDirectDebitStarted.parse(
      (await post(m, '/api/direct-debit', await form(m, { phone: '+31612340077' }))).json(),
    );
    const res = await post(m, `/api/direct-debit/${started.request_id}/confirm`, {
      otp: await lastCode('+31612340077'),
    });
    const created = ZCreatePaymentResponse.parse(res.json());
    const [row] = await t.app.db.select().from(payments).where(eq(payments.publicId, created.payment_id));
    await post(m, `/api/test-checkout/${row?.providerId}`, { status: 'paid' });
    const paid = ZPayment.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/payments/${created.payment_id}`, cookies: m.cookies })
      ).json(),
    );
    expect(paid.status).toBe('paid');
    expect(paid.balance, 'nothing to spend yet').toBe(0);
    const availableAt = new Date(paid.credits_available_at ?? 0).getTime();
    expect(availableAt - new Date(paid.paid_at ?? 0).getTime()).toBe(24 * 3_600_000);
    const member = async () => (await t.app.db.select().from(users).where(eq(users.id, m.id)))[0];
    expect(await member()).toMatchObject({ credits: 0, paidUser: false });

    expect(await releaseHeldCredits(t.app.db, new Date(availableAt - 1000))).toBe(0);
    expect((await member())?.credits).toBe(0);
    await Promise.all([
      releaseHeldCredits(t.app.db, new Date(availableAt)),
      releaseHeldCredits(t.app.db, new Date(availableAt + 1000)),
    ]);
    expect(await member()).toMatchObject({ credits: row?.credits, paidUser: true });
    const after = ZPayment.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/payments/${created.payment_id}`, cookies: m.cookies })
      ).json(),
    );
    expect(after).toMatchObject({ credits_available_at: null, balance: row?.credits });

    // A second one, refunded while its credits are still held: the credits of the first stay.
    const again = ZDirectDebitStarted.parse(
      (await post(m, '/api/direct-debit', await form(m, { phone: '+31612340077' }))).json(),
    );
    const second = ZCreatePaymentResponse.parse(
      (
        await post(m, `/api/direct-debit/${again.request_id}/confirm`, {
          otp: await lastCode('+31612340077'),
        })
      ).json(),
    );
    const [row2] = await t.app.db.select().from(payments).where(eq(payments.publicId, second.payment_id));
    await post(m, `/api/test-checkout/${row2?.providerId}`, { status: 'paid' });
    await t.app.inject({ method: 'GET', url: `/api/payments/${second.payment_id}`, cookies: m.cookies });
    const refunded = await t.app.inject({ method: 'POST', url: `/dev/payments/${second.payment_id}/refund` });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ credits_removed: 0, balance: row?.credits });
    expect(await releaseHeldCredits(t.app.db, new Date(Date.now() + 48 * 3_600_000))).toBe(0);
    expect((await member())?.credits).toBe(row?.credits);
  });

  it('Pay-06 tries are limited and codes expire', async () => {
    const m = await oldMember();
    const started = ZDirectDebitStarted.parse((await post(m, '/api/direct-debit', await form(m))).json());
    const code = await lastCode('+31612345678');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(
        (await post(m, `/api/direct-debit/${started.request_id}/confirm`, { otp: wrong })).statusCode,
      ).toBe(400);
    }
    expect((await post(m, `/api/direct-debit/${started.request_id}/confirm`, { otp: code })).statusCode).toBe(
      429,
    );

    const again = ZDirectDebitStarted.parse((await post(m, '/api/direct-debit', await form(m))).json());
    await t.app.db
      .update(directDebitRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(directDebitRequests.publicId, again.request_id));
    const late = await post(m, `/api/direct-debit/${again.request_id}/confirm`, {
      otp: await lastCode('+31612345678'),
    });
    expect(late.statusCode).toBe(410);
  });

  it('Pay-06 bad IBAN, phone, missing authorisation and hostile text are clear 400s', async () => {
    const m = await oldMember();
    const cases: [Record<string, unknown>, string][] = [
      [{ iban: 'NL91ABNA0417164301' }, 'iban'],
      [{ phone: '12' }, 'phone'],
      [{ phone: '06 12' }, 'phone'],
      [{ authorise: false }, 'authorise'],
      [{ account_holder: 'Jan\u202eevil' }, 'account_holder'],
      [{ city: 'A\u0000B' }, 'city'],
      [{ street: '' }, 'street'],
    ];
    for (const [overrides, field] of cases) {
      const res = await post(m, '/api/direct-debit', await form(m, overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    }
    // Issue 27: a wrong IBAN is named together with the other fields' errors, not only once they are right.
    const both = await post(
      m,
      '/api/direct-debit',
      await form(m, { iban: 'NL91ABNA0417164301', street: '' }),
    );
    expect(both.statusCode).toBe(400);
    expect(Object.keys(both.json().error.fields ?? {}).sort()).toEqual(['iban', 'street']);
    expect(both.json().error.fields.iban).toBe(
      (await post(m, '/api/direct-debit', await form(m, { iban: 'NL91ABNA0417164301' }))).json().error.fields
        .iban,
    );
  });

  it('Pay-06 limit reached after 3 orders a day; account blocked after failed debits', async () => {
    const m = await oldMember();
    for (let i = 0; i < 3; i++)
      expect((await post(m, '/api/direct-debit', await form(m))).statusCode).toBe(200);
    const limited = await post(m, '/api/direct-debit', await form(m));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('directdebit_limit');

    const blocked = await oldMember();
    const [u] = await t.app.db.select().from(users).where(eq(users.id, blocked.id));
    const bundleId = (await form(blocked)).bundle_id as number;
    for (let i = 0; i < 2; i++) {
      await t.app.db.insert(payments).values({
        publicId: `pay_failed${i}x${u?.id}abcdefabcdef`,
        userId: blocked.id,
        bundleId,
        credits: 15,
        amountCents: 995,
        currency: 'EUR',
        country: 'NL',
        method: 'directdebit',
        provider: 'test',
        status: 'failed',
      });
    }
    const res = await post(blocked, '/api/direct-debit', await form(blocked));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('directdebit_blocked');
  });

  it('Pay-06 phone numbers per country, IBAN masking', () => {
    expect(checkPhone('06-12345678', 'NL')).toEqual({ phone: '+31612345678' });
    expect(checkPhone('0049 170 1234567', 'NL')).toEqual({ phone: '+491701234567' });
    expect(checkPhone('0170 1234567', 'DE')).toEqual({ phone: '+491701234567' });
    expect(checkPhone('+32 470 12 34 56', 'NL')).toEqual({ phone: '+32470123456' });
    expect(checkPhone('0612345678', 'US')).toEqual({ error: 'directdebit.phone_invalid' });
    expect(checkPhone('+31 6 1234', 'NL')).toEqual({ error: 'directdebit.phone_invalid' });
    expect(maskIban(IBAN)).toBe('NL** **** **** 4300');
  });

  it('Pay-06 SMS pumping: codes go only to mobile numbers of direct-debit countries, others get a clear error and no SMS', async () => {
    const m = await oldMember();
    const cases: [string, string][] = [
      ['+999 1234 5678', 'Dit telefoonnummer klopt niet.'],
      ['+882 1234 5678', 'Dit telefoonnummer klopt niet.'],
      ['+88216 1234 5678', 'Vul een mobiel nummer in uit een land waar automatische incasso mogelijk is.'],
      ['+247 40123', 'Vul een mobiel nummer in uit een land waar automatische incasso mogelijk is.'],
      ['+1 201 555 0123', 'Vul een mobiel nummer in uit een land waar automatische incasso mogelijk is.'],
      ['+44 7400 123456', 'Vul een mobiel nummer in uit een land waar automatische incasso mogelijk is.'],
      ['020 123 4567', 'Vul een mobiel nummer in: de code komt per sms.'],
      ['+49 30 1234567', 'Vul een mobiel nummer in: de code komt per sms.'],
      ['0900 1234567', 'Vul een mobiel nummer in: de code komt per sms.'],
    ];
    const before = (await t.app.db.select().from(smsOutbox)).length;
    for (const [phone, message] of cases) {
      const res = await post(m, '/api/direct-debit', await form(m, { phone }));
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().error.fields?.phone, phone).toBe(message);
    }
    expect((await t.app.db.select().from(smsOutbox)).length).toBe(before);
    const ok = await post(m, '/api/direct-debit', await form(m, { phone: '+33 6 12 34 56 78' }));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('Pay-06 /dev/sms.json lists the outbox, from this machine only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/sms.json' });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
    const remote = await t.app.inject({ method: 'GET', url: '/dev/sms.json', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
  });
});
