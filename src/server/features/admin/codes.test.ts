import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAdminCode, ZAdminCodeList } from '../../../shared/contract/admin-sites.ts';
import { ZPricing } from '../../../shared/contract/credits.ts';
import { auditLog, payments, sites } from '../../db/schema.ts';
import { t as translate } from '../../platform/i18n.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import { buildStaff, type TestStaff } from '../../test/staff.ts';

let t: TestApp;
let finance: TestStaff;
beforeAll(async () => {
  t = await createTestApp();
  finance = await buildStaff(t.app.db, { roles: ['finance'] });
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

const code = (overrides: Record<string, unknown> = {}) => ({
  code: `C${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
  percentage: 15,
  minimum_cents: 0,
  site_id: null,
  country: null,
  valid_from: null,
  valid_until: null,
  once_per_member: true,
  max_uses: null,
  active: true,
  ...overrides,
});

async function create(body: Record<string, unknown>) {
  const res = await staffReq(finance, 'POST', '/api/admin/codes', body);
  expect(res.statusCode, res.body).toBe(201);
  return ZAdminCode.parse(res.json());
}

const HOURS = 3_600_000;
/** A member long past the time bonus, on site 1 or 2. */
async function member(siteId = 1) {
  return buildMember(t.app.db, { siteId, createdAt: new Date(Date.now() - 48 * HOURS) });
}
const host = (siteId: number) => (siteId === 1 ? 'localhost' : '127.0.0.1');
async function firstBundle(m: TestMember, siteId = 1) {
  const res = await t.app.inject({
    url: '/api/credits',
    cookies: m.cookies,
    headers: { host: host(siteId) },
  });
  const bundle = ZPricing.parse(res.json()).bundles[0];
  if (!bundle) throw new Error('no bundle');
  return bundle;
}
async function pay(m: TestMember, discount: string, siteId = 1) {
  const bundle = await firstBundle(m, siteId);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments',
    cookies: m.cookies,
    headers: { host: host(siteId) },
    payload: { bundle_id: bundle.id, method: 'ideal', discount_code: discount },
  });
}

describe('O-04 discount codes without a deploy', () => {
  it('O-04 finance adds, lists, changes and ends a code; each step is audited with before and after', async () => {
    const created = await create(
      code({ code: 'zomer25', percentage: 25, site_id: 2, country: 'NL', max_uses: 10 }),
    );
    expect(created).toMatchObject({
      code: 'ZOMER25',
      site_id: 2,
      country: 'NL',
      max_uses: 10,
      uses: 0,
      active: true,
    });

    const list = ZAdminCodeList.parse((await staffReq(finance, 'GET', '/api/admin/codes?q=zomer')).json());
    expect(list.codes.map((c) => c.code)).toEqual(['ZOMER25']);
    const forSite1 = ZAdminCodeList.parse((await staffReq(finance, 'GET', '/api/admin/codes?site=1')).json());
    expect(forSite1.codes.map((c) => c.code)).not.toContain('ZOMER25');
    expect(forSite1.codes.map((c) => c.code)).toContain('VONK10');

    const edited = await staffReq(finance, 'PUT', `/api/admin/codes/${created.id}`, {
      ...code({ code: 'ZOMER25', percentage: 30, site_id: 2, country: 'NL', max_uses: 5 }),
      valid_until: '2099-01-01T00:00:00.000Z',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(ZAdminCode.parse(edited.json())).toMatchObject({
      percentage: 30,
      max_uses: 5,
      valid_until: '2099-01-01T00:00:00.000Z',
    });

    const ended = await staffReq(finance, 'POST', `/api/admin/codes/${created.id}/deactivate`, {});
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().active).toBe(false);
    const inactive = ZAdminCodeList.parse(
      (await staffReq(finance, 'GET', '/api/admin/codes?status=inactive')).json(),
    );
    expect(inactive.codes.map((c) => c.code)).toContain('ZOMER25');

    const lines = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'discount_code'), eq(auditLog.objectId, String(created.id))))
      .orderBy(auditLog.id);
    expect(lines.map((l) => [l.action, l.role, l.siteId])).toEqual([
      ['discount_code.create', 'finance', 2],
      ['discount_code.update', 'finance', 2],
      ['discount_code.deactivate', 'finance', 2],
    ]);
    expect(lines[1]?.before).toEqual({ percentage: 25, max_uses: 10, valid_until: null });
    expect(lines[1]?.after).toEqual({ percentage: 30, max_uses: 5, valid_until: '2099-01-01T00:00:00.000Z' });
    expect(lines[2]).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  const BAD: [string, Record<string, unknown>, string, string][] = [
    ['code too short', { code: 'AB' }, 'code', 'code_format'],
    ['code with space', { code: 'AB CD' }, 'code', 'code_format'],
    ['code bidi', { code: 'ABC\u202e' }, 'code', 'code_format'],
    ['code NUL', { code: 'ABC\u0000' }, 'code', 'code_format'],
    ['percentage 0', { percentage: 0 }, 'percentage', 'percentage_range'],
    ['percentage 101', { percentage: 101 }, 'percentage', 'percentage_range'],
    ['minimum', { minimum_cents: -5 }, 'minimum_cents', 'minimum_range'],
    ['country', { country: 'XX' }, 'country', 'country'],
    ['from', { valid_from: 'tomorrow' }, 'valid_from', 'date'],
    [
      'window',
      { valid_from: '2030-01-02T00:00:00Z', valid_until: '2030-01-01T00:00:00Z' },
      'valid_until',
      'valid_range',
    ],
    ['max uses', { max_uses: 0 }, 'max_uses', 'max_uses_range'],
    ['once', { once_per_member: 'yes' }, 'once_per_member', 'invalid'],
  ];
  it.each(BAD)(
    'O-04 a code with a bad %s is refused with a localised field message',
    async (_l, body, field, id) => {
      for (const lang of ['en', 'nl']) {
        const res = await staffReq(finance, 'POST', '/api/admin/codes', code(body), lang);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error.fields[field]).toBe(translate(lang as 'en', `admin.sites.error.${id}`));
      }
    },
  );

  it('O-04 a code that exists, a site that does not and a used code’s new text are refused', async () => {
    const taken = await staffReq(finance, 'POST', '/api/admin/codes', code({ code: 'VONK10' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.code).toBe(translate('en', 'admin.sites.error.code_taken'));
    const noSite = await staffReq(finance, 'POST', '/api/admin/codes', code({ site_id: 999 }));
    expect(noSite.statusCode).toBe(400);
    expect(noSite.json().error.fields.site_id).toBe(translate('en', 'admin.sites.error.site'));

    const used = await create(code());
    const m = await member();
    expect((await pay(m, used.code)).statusCode).toBe(200);
    const rename = await staffReq(finance, 'PUT', `/api/admin/codes/${used.id}`, code({ code: 'RENAMED1' }));
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error.fields.code).toBe(translate('en', 'admin.sites.error.code_fixed'));
    const listed = ZAdminCodeList.parse(
      (await staffReq(finance, 'GET', `/api/admin/codes?q=${used.code}`)).json(),
    );
    expect(listed.codes[0]?.uses).toBe(1);
  });

  it('O-04 Pay-07 a code of one site is unknown on the others; an ended code is unknown everywhere', async () => {
    const onlySite2 = await create(code({ site_id: 2 }));
    const one = await member(1);
    const two = await member(2);
    const check = (m: TestMember, siteId: number, c: string) =>
      t.app.inject({
        url: `/api/discount-code?code=${c}`,
        cookies: m.cookies,
        headers: { host: host(siteId) },
      });
    expect((await check(one, 1, onlySite2.code)).statusCode).toBe(404);
    expect((await pay(one, onlySite2.code)).statusCode).toBe(404);
    expect((await check(two, 2, onlySite2.code)).statusCode).toBe(200);
    expect((await pay(two, onlySite2.code, 2)).statusCode).toBe(200);

    const ending = await create(code());
    expect((await check(one, 1, ending.code)).statusCode).toBe(200);
    await staffReq(finance, 'POST', `/api/admin/codes/${ending.id}/deactivate`, {});
    expect((await check(one, 1, ending.code)).statusCode).toBe(404);
  });

  it('O-04 Pay-07 20 members redeeming a code with max_uses 1 at once: exactly one pays with it; a failed payment gives the use back', async () => {
    const single = await create(code({ max_uses: 1 }));
    const members = await Promise.all(Array.from({ length: 20 }, () => member()));
    const bundle = await firstBundle(members[0] as TestMember);
    const answers = await Promise.all(
      members.map((m) =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments',
          cookies: m.cookies,
          payload: { bundle_id: bundle.id, method: 'ideal', discount_code: single.code },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const stored = await t.app.db.select().from(payments).where(eq(payments.discountCode, single.code));
    expect(stored).toHaveLength(1);

    // Used up: a new member is told so before paying.
    const late = await member();
    const check = await t.app.inject({
      url: `/api/discount-code?code=${single.code}`,
      cookies: late.cookies,
    });
    expect(check.statusCode).toBe(409);
    // The payment fails at the provider: the use comes back.
    await t.app.db.update(payments).set({ status: 'failed' }).where(eq(payments.discountCode, single.code));
    expect((await pay(late, single.code)).statusCode).toBe(200);
  });

  it('O-04 one member may use a code for all (not once per member) until max_uses', async () => {
    const twice = await create(code({ once_per_member: false, max_uses: 2 }));
    const m = await member();
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await pay(m, twice.code)).statusCode);
    expect(results).toEqual([200, 200, 409]);
  });
});

describe('O-04 O-06 who may manage codes', () => {
  it('O-04 moderator, operator and support cannot; admin can; changes want a fresh second factor', async () => {
    for (const role of ['moderator', 'operator', 'support'] as const) {
      const s = await buildStaff(t.app.db, { roles: [role] });
      expect((await staffReq(s, 'GET', '/api/admin/codes')).statusCode, role).toBe(403);
      expect((await staffReq(s, 'POST', '/api/admin/codes', code())).statusCode, role).toBe(403);
    }
    const admin = await buildStaff(t.app.db, { roles: ['admin'] });
    expect((await staffReq(admin, 'POST', '/api/admin/codes', code())).statusCode).toBe(201);
    const stale = await buildStaff(t.app.db, { roles: ['finance'], factorAgeMs: 11 * 60_000 });
    expect((await staffReq(stale, 'GET', '/api/admin/codes')).statusCode).toBe(200);
    const late = await staffReq(stale, 'POST', '/api/admin/codes', code());
    expect(late.statusCode).toBe(403);
    expect(late.json().error.code).toBe('step_up_required');
  });

  it('O-04 finance of one site sees and makes only that site’s codes, not codes for every site', async () => {
    const [site2] = await t.app.db.select({ id: sites.id }).from(sites).where(eq(sites.id, 2));
    const local = await buildStaff(t.app.db, { roles: [{ role: 'finance', siteId: site2?.id ?? 2 }] });
    expect((await staffReq(local, 'POST', '/api/admin/codes', code({ site_id: null }))).statusCode).toBe(403);
    expect((await staffReq(local, 'POST', '/api/admin/codes', code({ site_id: 1 }))).statusCode).toBe(403);
    const mine = await staffReq(local, 'POST', '/api/admin/codes', code({ site_id: 2 }));
    expect(mine.statusCode).toBe(201);
    const list = ZAdminCodeList.parse((await staffReq(local, 'GET', '/api/admin/codes')).json());
    expect(list.codes.length).toBeGreaterThan(0);
    expect(list.codes.every((c) => c.site_id === 2)).toBe(true);
    const vonk10 = ZAdminCodeList.parse((await staffReq(finance, 'GET', '/api/admin/codes?q=VONK10')).json())
      .codes[0];
    expect((await staffReq(local, 'POST', `/api/admin/codes/${vonk10?.id}/deactivate`, {})).statusCode).toBe(
      403,
    );
  });
});
