import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAdminBundle, ZAdminBundleList } from '../../../shared/contract/admin-sites.ts';
import { ZPricing } from '../../../shared/contract/credits.ts';
import { auditLog } from '../../db/schema.ts';
import { t as translate } from '../../platform/i18n.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import { buildStaff, type TestStaff } from '../../test/staff.ts';

let t: TestApp;
let finance: TestStaff;
let m: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  finance = await buildStaff(t.app.db, { roles: ['finance'] });
  m = await buildMember(t.app.db);
});
afterAll(() => t.close());

const staffReq = (
  staff: { cookies: Record<string, string> },
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
  lang = 'en',
) =>
  t.app.inject({
    method,
    url,
    cookies: staff.cookies,
    headers: { 'accept-language': lang },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const bundle = (overrides: Record<string, unknown> = {}) => ({
  site_id: 1,
  country: 'NL',
  currency: 'EUR',
  credits: 75,
  amount_cents: 1995,
  position: 1,
  active: true,
  ...overrides,
});

async function membersBundles() {
  const res = await t.app.inject({ url: '/api/credits', cookies: m.cookies });
  expect(res.statusCode, res.body).toBe(200);
  return ZPricing.parse(res.json()).bundles;
}

describe('O-04 Pay-01 credit bundles without a deploy', () => {
  it('O-04 finance adds a bundle, changes its price, credits and position, and ends it; the member’s credits page follows at once', async () => {
    const res = await staffReq(finance, 'POST', '/api/admin/bundles', bundle());
    expect(res.statusCode, res.body).toBe(201);
    const created = ZAdminBundle.parse(res.json());
    expect((await membersBundles()).find((b) => b.id === created.id)).toMatchObject({
      credits: 75,
      amount_cents: 1995,
    });

    const edited = await staffReq(
      finance,
      'PUT',
      `/api/admin/bundles/${created.id}`,
      bundle({ credits: 80, amount_cents: 1895, position: 0 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const shown = await membersBundles();
    // Position 0 with the seeded 15 credits: it comes second of the list (position, then credits).
    expect(shown[1]).toMatchObject({ id: created.id, credits: 80, amount_cents: 1895 });

    const ended = await staffReq(finance, 'POST', `/api/admin/bundles/${created.id}/deactivate`, {});
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await membersBundles()).map((b) => b.id)).not.toContain(created.id);
    // Nor can it be bought by naming it.
    const buy = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      cookies: m.cookies,
      payload: { bundle_id: created.id, method: 'ideal' },
    });
    expect(buy.statusCode).toBe(404);

    const list = ZAdminBundleList.parse(
      (await staffReq(finance, 'GET', '/api/admin/bundles?site=1&country=NL&status=inactive')).json(),
    );
    expect(list.bundles.map((b) => b.id)).toEqual([created.id]);
    const lines = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'credit_bundle'), eq(auditLog.objectId, String(created.id))))
      .orderBy(auditLog.id);
    expect(lines.map((l) => l.action)).toEqual([
      'credit_bundle.create',
      'credit_bundle.update',
      'credit_bundle.deactivate',
    ]);
    expect(lines[1]?.before).toEqual({ credits: 75, amount_cents: 1995, position: 1 });
    expect(lines[1]?.after).toEqual({ credits: 80, amount_cents: 1895, position: 0 });
  });

  const BAD: [string, Record<string, unknown>, string, string][] = [
    ['country', { country: 'XX' }, 'country', 'country'],
    ['currency', { currency: 'BTC' }, 'currency', 'currency'],
    ['credits 0', { credits: 0 }, 'credits', 'bundle_credits_range'],
    ['amount 0', { amount_cents: 0 }, 'amount_cents', 'amount_range'],
    ['amount text', { amount_cents: '9.95' }, 'amount_cents', 'amount_range'],
    ['position', { position: -1 }, 'position', 'position_range'],
    ['site', { site_id: 'one' }, 'site_id', 'site'],
  ];
  it.each(BAD)(
    'O-04 a bundle with a bad %s is refused with a localised field message',
    async (_l, body, field, id) => {
      for (const lang of ['en', 'nl']) {
        const res = await staffReq(finance, 'POST', '/api/admin/bundles', bundle(body), lang);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error.fields[field]).toBe(translate(lang as 'en', `admin.sites.error.${id}`));
      }
    },
  );

  it('O-04 one bundle per site, country and credits; an unknown site is a field error', async () => {
    const twice = await staffReq(finance, 'POST', '/api/admin/bundles', bundle({ credits: 15 }), 'nl');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.fields.credits).toBe(translate('nl', 'admin.sites.error.bundle_taken'));
    const noSite = await staffReq(
      finance,
      'POST',
      '/api/admin/bundles',
      bundle({ site_id: 999, credits: 33 }),
    );
    expect(noSite.statusCode).toBe(400);
    expect(noSite.json().error.fields.site_id).toBe(translate('en', 'admin.sites.error.site'));
  });

  it('O-04 O-06 only finance and admin manage bundles; finance of one site only its own; changes want step-up', async () => {
    for (const role of ['moderator', 'operator', 'support'] as const) {
      const s = await buildStaff(t.app.db, { roles: [role] });
      expect((await staffReq(s, 'GET', '/api/admin/bundles')).statusCode, role).toBe(403);
      expect(
        (await staffReq(s, 'POST', '/api/admin/bundles', bundle({ credits: 41 }))).statusCode,
        role,
      ).toBe(403);
    }
    const admin = await buildStaff(t.app.db, { roles: ['admin'] });
    expect((await staffReq(admin, 'POST', '/api/admin/bundles', bundle({ credits: 42 }))).statusCode).toBe(
      201,
    );

    const local = await buildStaff(t.app.db, { roles: [{ role: 'finance', siteId: 2 }] });
    const list = ZAdminBundleList.parse((await staffReq(local, 'GET', '/api/admin/bundles')).json());
    expect(list.bundles.length).toBeGreaterThan(0);
    expect(list.bundles.every((b) => b.site_id === 2)).toBe(true);
    expect((await staffReq(local, 'POST', '/api/admin/bundles', bundle({ credits: 43 }))).statusCode).toBe(
      403,
    );
    const site1Bundle = (await membersBundles())[0];
    expect(
      (await staffReq(local, 'POST', `/api/admin/bundles/${site1Bundle?.id}/deactivate`, {})).statusCode,
    ).toBe(403);
    expect(
      (await staffReq(local, 'POST', '/api/admin/bundles', bundle({ site_id: 2, credits: 43 }))).statusCode,
    ).toBe(201);

    const stale = await buildStaff(t.app.db, { roles: ['finance'], factorAgeMs: 11 * 60_000 });
    const late = await staffReq(stale, 'POST', '/api/admin/bundles', bundle({ credits: 44 }));
    expect(late.statusCode).toBe(403);
    expect(late.json().error.code).toBe('step_up_required');
  });
});
