import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPricing } from '../../../shared/contract/credits.ts';
import { directDebitRequests, smsOutbox } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember } from '../../test/members.ts';
import { directDebitForm } from '../../test/payments.ts';

// PostgreSQL tier: only a server with many connections shows the race between the count and the insert.
describe.runIf(process.env.TEST_DATABASE_URL)('Pay-06 direct debit limit under a race (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('Pay-06 20 parallel starts of one member: at most 3 orders and 3 SMS, the rest get the limit error', async () => {
    const m = await buildMember(t.app.db, { createdAt: new Date(Date.now() - 48 * 3_600_000) });
    const pricing = ZPricing.parse(
      (await t.app.inject({ method: 'GET', url: '/api/credits', cookies: m.cookies })).json(),
    );
    const phone = '+31612340001';
    const payload = directDebitForm(pricing.bundles[0]?.id, { phone });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: '/api/direct-debit', payload, cookies: m.cookies }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(3);
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(429);
      expect(r.json().error.message).toBe(
        'Je hebt de limiet voor automatische incasso bereikt. Probeer het morgen opnieuw of kies een andere betaalmethode.',
      );
    }
    const orders = await t.app.db
      .select()
      .from(directDebitRequests)
      .where(eq(directDebitRequests.userId, m.id));
    expect(orders).toHaveLength(3);
    expect(await t.app.db.select().from(smsOutbox).where(eq(smsOutbox.to, phone))).toHaveLength(3);
  });
});
