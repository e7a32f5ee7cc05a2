import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPricing } from '../../../shared/contract/credits.ts';
import { payments } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember } from '../../test/members.ts';
import { buildStaff } from '../../test/staff.ts';

// The limit of a code's uses in all under real concurrency: PostgreSQL, many connections (O-04).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('O-04 Pay-07 max_uses on PostgreSQL', () => {
  it.each([1, 3])(
    'O-04 20 members paying at once with a code of max_uses %i: exactly that many win',
    async (maxUses) => {
      const finance = await buildStaff(t.app.db, { roles: ['finance'] });
      const code = `RACE${maxUses}X${Date.now().toString(36).toUpperCase()}`;
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/admin/codes',
        cookies: finance.cookies,
        payload: {
          code,
          percentage: 50,
          minimum_cents: 0,
          site_id: 1,
          country: null,
          valid_from: null,
          valid_until: null,
          once_per_member: true,
          max_uses: maxUses,
          active: true,
        },
      });
      expect(made.statusCode, made.body).toBe(201);
      const members = await Promise.all(
        Array.from({ length: 20 }, () =>
          buildMember(t.app.db, { createdAt: new Date(Date.now() - 48 * 3_600_000) }),
        ),
      );
      const pricing = ZPricing.parse(
        (await t.app.inject({ url: '/api/credits', cookies: members[0]?.cookies })).json(),
      );
      const bundle = pricing.bundles[0];
      const answers = await Promise.all(
        members.map((m) =>
          t.app.inject({
            method: 'POST',
            url: '/api/payments',
            cookies: m.cookies,
            payload: { bundle_id: bundle?.id, method: 'ideal', discount_code: code },
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(maxUses);
      expect(statuses.filter((s) => s === 409)).toHaveLength(20 - maxUses);
      const stored = await t.app.db.select().from(payments).where(eq(payments.discountCode, code));
      expect(stored).toHaveLength(maxUses);
    },
  );
});
