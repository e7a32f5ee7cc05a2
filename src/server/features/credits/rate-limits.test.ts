import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECT_DEBIT, PAYMENTS_PER_MINUTE } from '../../../shared/contract/credits.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember } from '../../test/members.ts';

// The real limits (factor 1), not the raised ones of the other suites.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: '1' });
});
afterAll(() => t.close());

describe('Pay-06 Pay-10 payment and SMS endpoints are rate-limited', () => {
  it('Pay-06 starting direct debits (each sends an SMS) stops after the per-minute limit', async () => {
    const m = await buildMember(t.app.db);
    const codes: number[] = [];
    for (let i = 0; i <= DIRECT_DEBIT.startsPerMinute; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/direct-debit',
        payload: {},
        cookies: m.cookies,
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, -1).every((c) => c === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('Pay-10 starting payments stops after the per-minute limit', async () => {
    const m = await buildMember(t.app.db);
    const codes: number[] = [];
    for (let i = 0; i <= PAYMENTS_PER_MINUTE; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments',
        payload: {},
        cookies: m.cookies,
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, -1).every((c) => c === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
