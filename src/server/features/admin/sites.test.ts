import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TAdminSite, ZAdminSite, ZSiteSettingsInput } from '../../../shared/contract/admin-sites.ts';
import { ZSettings } from '../../../shared/contract/site.ts';
import { auditLog, sites } from '../../db/schema.ts';
import { t as translate } from '../../platform/i18n.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember } from '../../test/members.ts';
import { buildStaff, type TestStaff } from '../../test/staff.ts';

let t: TestApp;
let admin: TestStaff;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildStaff(t.app.db, { roles: ['admin'], language: 'en' });
});
afterAll(() => t.close());

type Lang = 'en' | 'nl';
const req = (
  staff: { cookies: Record<string, string> } | null,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
  lang: Lang = 'en',
) =>
  t.app.inject({
    method,
    url,
    headers: { 'accept-language': lang },
    ...(staff ? { cookies: staff.cookies } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

async function siteOf(id: number): Promise<TAdminSite> {
  const res = await req(admin, 'GET', `/api/admin/sites/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZAdminSite.parse(res.json());
}

/** The update body of a site with some settings replaced. */
function withSettings(site: TAdminSite, settings: Record<string, unknown>) {
  return { domain: site.domain, company_id: site.company_id, settings: { ...site.settings, ...settings } };
}

describe('O-04 sites without a deploy', () => {
  it('O-04 an admin changes every setting of a site; members’ /api/settings shows it at once; the audit log keeps before and after', async () => {
    const before = await siteOf(2);
    // The resolver holds the site now (kept 30 s unless an edit tells it otherwise).
    expect((await t.app.inject({ url: '/api/settings?domain=127.0.0.1' })).json().name).toBe(
      before.settings.name,
    );
    const changed = {
      name: 'Vonk Zilver',
      index_title: 'Vonk Zilver: daten met stijl',
      description: 'Nieuwe beschrijving.',
      niche: 5,
      domain_language: 'de',
      countries: ['NL', 'DE', 'BE'],
      enable_site_entry_popup: false,
      signups: 'with_trafficsource',
      logged_out_search: true,
      logged_out_search_trafficsource: true,
      cdn_prefix: 'https://cdn.example.test/media',
      minimum_message_costs: { NL: { costs: 41, currency: 'EUR' }, DE: { costs: 44, currency: 'EUR' } },
      support_phone: '+49 30-123 45 67',
      support_email: 'Help@Zilver.test',
      fictional_icon: 'venetian-mask',
      visible_profile_fields: ['gender', 'interests'],
      visible_profile_notes: [],
      message_credits: 3,
      photo_credits: 4,
      gift_credits: 6,
      signup_credits: 7,
      message_length: 800,
      search_fields: ['gender', 'min_age', 'max_age'],
      refund_days: 21,
      member_resell: true,
      mail_name: 'Vonk Zilver',
      min_age: 21,
      company_address_variant: 3,
      theme: { primary: '#1E3A8A', secondary: '#aabbcc' },
      free_messages: 5,
      photo_moderation: 'pre',
    };
    // Every field of the form is in this change, so a field the server forgot to store fails below.
    expect(Object.keys(changed).sort()).toEqual(Object.keys(ZSiteSettingsInput.shape).sort());
    const res = await req(admin, 'PUT', '/api/admin/sites/2', withSettings(before, changed));
    expect(res.statusCode, res.body).toBe(200);
    const saved = ZAdminSite.parse(res.json());
    expect(saved.settings).toEqual({
      ...changed,
      support_email: 'help@zilver.test',
      theme: { primary: '#1e3a8a', secondary: '#aabbcc' },
    });
    expect((await siteOf(2)).settings).toEqual(saved.settings);

    // The members' side, on the same instance, without waiting for the resolver's cache.
    const settings = ZSettings.parse((await t.app.inject({ url: '/api/settings?domain=127.0.0.1' })).json());
    expect(settings).toMatchObject({
      name: 'Vonk Zilver',
      niche: 5,
      signups: 'with_trafficsource',
      minimum_message_costs: { NL: { costs: 41, currency: 'EUR' } },
      support_phone: '+49301234567',
      message_credits: 3,
      min_age: 21,
      theme: { primary: '#1e3a8a', secondary: '#aabbcc' },
      countries: ['NL', 'DE', 'BE'],
    });

    const [line] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'site.update'), eq(auditLog.objectId, '2')));
    expect(line).toMatchObject({ staffId: admin.id, role: 'admin', objectType: 'site', siteId: 2 });
    expect(line?.before).toMatchObject({ name: before.settings.name, niche: before.settings.niche });
    expect(line?.after).toMatchObject({ name: 'Vonk Zilver', niche: 5, photo_moderation: 'pre' });
    // Only what changed: the domain stayed, so it is in neither.
    expect(line?.before).not.toHaveProperty('domain');
    expect(line?.after).not.toHaveProperty('domain');

    // Back as it was, so the other tests see the seeded site.
    const back = await req(admin, 'PUT', '/api/admin/sites/2', withSettings(before, {}));
    expect(back.statusCode, back.body).toBe(200);
  });

  /** A field, a bad value and the message it must answer (in English and Dutch). */
  const BAD: [string, Record<string, unknown>, string, string][] = [
    ['name', { name: '' }, 'name', 'required'],
    ['name', { name: 'x'.repeat(81) }, 'name', 'too_long'],
    ['name NUL', { name: 'Vonk\u0000' }, 'name', 'characters'],
    ['name bidi', { name: 'Vonk\u202egpj.exe' }, 'name', 'characters'],
    ['name zero width', { name: 'Vo\u200bnk' }, 'name', 'characters'],
    ['index title', { index_title: 'a'.repeat(161) }, 'index_title', 'too_long'],
    ['description', { description: '   ' }, 'description', 'required'],
    ['niche', { niche: 8 }, 'niche', 'niche'],
    ['niche fraction', { niche: 1.5 }, 'niche', 'niche'],
    ['language', { domain_language: 'xx' }, 'domain_language', 'language'],
    ['countries empty', { countries: [] }, 'countries', 'countries_empty'],
    ['unknown country', { countries: ['NL', 'XX'] }, 'countries.1', 'country'],
    ['country twice', { countries: ['NL', 'nl'] }, 'countries.1', 'duplicate'],
    ['popup', { enable_site_entry_popup: 'yes' }, 'enable_site_entry_popup', 'invalid'],
    ['signups', { signups: 'some' }, 'signups', 'choice'],
    ['logged-out search', { logged_out_search: 1 }, 'logged_out_search', 'invalid'],
    ['cdn javascript', { cdn_prefix: 'javascript:alert(1)' }, 'cdn_prefix', 'url'],
    ['cdn http', { cdn_prefix: 'http://cdn.example.test' }, 'cdn_prefix', 'url'],
    ['cdn csp', { cdn_prefix: "https://cdn.example.test/x;script-src 'unsafe-inline'" }, 'cdn_prefix', 'url'],
    [
      'cost unknown country',
      { minimum_message_costs: { XX: { costs: 1, currency: 'EUR' } } },
      'minimum_message_costs.XX',
      'country',
    ],
    [
      'cost other country',
      { minimum_message_costs: { LU: { costs: 1, currency: 'EUR' } } },
      'minimum_message_costs.LU',
      'cost_country',
    ],
    [
      'cost negative',
      { minimum_message_costs: { NL: { costs: -1, currency: 'EUR' } } },
      'minimum_message_costs.NL.costs',
      'cost_range',
    ],
    [
      'cost currency',
      { minimum_message_costs: { NL: { costs: 1, currency: 'XYZ' } } },
      'minimum_message_costs.NL.currency',
      'currency',
    ],
    ['phone', { support_phone: 'call us' }, 'support_phone', 'phone'],
    ['email', { support_email: 'not-an-address' }, 'support_email', 'email'],
    ['icon', { fictional_icon: 'skull' }, 'fictional_icon', 'icon'],
    ['visible field', { visible_profile_fields: ['gender', 'salary'] }, 'visible_profile_fields.1', 'choice'],
    ['visible note', { visible_profile_notes: ['diary'] }, 'visible_profile_notes.0', 'choice'],
    ['message credits', { message_credits: -1 }, 'message_credits', 'credits_range'],
    ['photo credits', { photo_credits: 1001 }, 'photo_credits', 'credits_range'],
    ['gift credits', { gift_credits: '5' }, 'gift_credits', 'credits_range'],
    ['signup credits', { signup_credits: 0.5 }, 'signup_credits', 'credits_range'],
    ['message length', { message_length: 5001 }, 'message_length', 'message_length_range'],
    ['search field', { search_fields: ['income'] }, 'search_fields.0', 'choice'],
    ['refund days', { refund_days: 366 }, 'refund_days', 'refund_days_range'],
    ['resell', { member_resell: null }, 'member_resell', 'invalid'],
    ['mail name', { mail_name: 'Vonk <evil@x.test>' }, 'mail_name', 'mail_name'],
    ['min age', { min_age: 17 }, 'min_age', 'min_age_range'],
    ['address variant', { company_address_variant: 4 }, 'company_address_variant', 'address_variant'],
    ['colour short', { theme: { primary: '#fff', secondary: '#000000' } }, 'theme.primary', 'colour'],
    ['colour name', { theme: { primary: '#0f766e', secondary: 'red' } }, 'theme.secondary', 'colour'],
    ['colour hex', { theme: { primary: '#gggggg', secondary: '#000000' } }, 'theme.primary', 'colour'],
    ['colour css', { theme: { primary: '#000000;x', secondary: '#000000' } }, 'theme.primary', 'colour'],
    [
      'colour light',
      { theme: { primary: '#ffff00', secondary: '#000000' } },
      'theme.primary',
      'colour_contrast',
    ],
    ['free messages', { free_messages: 101 }, 'free_messages', 'free_messages_range'],
    ['moderation', { photo_moderation: 'never' }, 'photo_moderation', 'choice'],
  ];

  it.each(BAD)(
    'O-04 a bad %s is refused with its own localised field message',
    async (_label, settings, path, id) => {
      const site = await siteOf(1);
      for (const lang of ['en', 'nl'] as const) {
        const res = await req(admin, 'PUT', '/api/admin/sites/1', withSettings(site, settings), lang);
        expect(res.statusCode, res.body).toBe(400);
        const message = translate(lang, `admin.sites.error.${id}`);
        expect(message).not.toMatch(/^admin\./);
        expect(res.json().error.fields).toMatchObject({ [`settings.${path}`]: message });
        // The web form runs the same schema and finds the same field and message id.
        const parsed = ZSiteSettingsInput.safeParse({ ...site.settings, ...settings });
        expect(parsed.success).toBe(false);
        expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
          path,
          `admin.sites.error.${id}`,
        ]);
      }
      expect((await siteOf(1)).settings).toEqual(site.settings);
    },
  );

  it('O-04 a lone surrogate, an over-long body and a bad domain are clear 400s, never a 500', async () => {
    const site = await siteOf(1);
    const raw = JSON.stringify(withSettings(site, { name: 'X' })).replace('"name":"X"', '"name":"\\ud800"');
    const lone = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/sites/1',
      cookies: admin.cookies,
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: raw,
    });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().error.fields['settings.name']).toBe(translate('en', 'admin.sites.error.characters'));
    const long = await req(
      admin,
      'PUT',
      '/api/admin/sites/1',
      withSettings(site, { description: 'é'.repeat(100_000) }),
    );
    expect(long.statusCode).toBe(400);
    for (const domain of ['', 'exa mple.test', 'a..b', '-x.test', 'x'.repeat(300), 'évil.test']) {
      const res = await req(admin, 'PUT', '/api/admin/sites/1', { ...withSettings(site, {}), domain });
      expect(res.statusCode, domain).toBe(400);
      expect(res.json().error.fields.domain).toBe(translate('en', 'admin.sites.error.domain'));
    }
    const company = await req(admin, 'PUT', '/api/admin/sites/1', {
      ...withSettings(site, {}),
      company_id: 999,
    });
    expect(company.statusCode).toBe(400);
    expect(company.json().error.fields.company_id).toBe(translate('en', 'admin.sites.error.company'));
    expect((await req(admin, 'GET', '/api/admin/sites/99999')).statusCode).toBe(404);
  });

  it('O-04 an admin adds a site; its domain is unique; members of the new domain get its settings', async () => {
    const template = await siteOf(1);
    const body = {
      domain: 'Nieuw.Vonk.TEST',
      company_id: 1,
      settings: { ...template.settings, name: 'Vonk Nieuw', mail_name: 'Vonk Nieuw' },
    };
    const res = await req(admin, 'POST', '/api/admin/sites', body);
    expect(res.statusCode, res.body).toBe(201);
    const created = ZAdminSite.parse(res.json());
    expect(created).toMatchObject({ domain: 'nieuw.vonk.test', is_default: false });
    const settings = (await t.app.inject({ url: '/api/settings?domain=nieuw.vonk.test' })).json();
    expect(settings.name).toBe('Vonk Nieuw');

    const again = await req(admin, 'POST', '/api/admin/sites', body, 'nl');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields.domain).toBe(translate('nl', 'admin.sites.error.domain_taken'));
    const taken = await req(admin, 'PUT', `/api/admin/sites/${created.id}`, {
      ...withSettings(created, {}),
      domain: 'localhost',
    });
    expect(taken.statusCode).toBe(409);

    const [line] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'site.create'), eq(auditLog.objectId, String(created.id))));
    expect(line?.before).toBeNull();
    expect(line?.after).toMatchObject({ domain: 'nieuw.vonk.test', name: 'Vonk Nieuw' });

    const list = (await req(admin, 'GET', '/api/admin/sites?q=nieuw')).json();
    expect(list.sites.map((s: { domain: string }) => s.domain)).toEqual(['nieuw.vonk.test']);
    const sorted = (await req(admin, 'GET', '/api/admin/sites?sort=name&dir=desc')).json();
    const names = sorted.sites.map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort().reverse());
    expect(list.companies).toContainEqual({ id: 1, name: 'Vonk Media B.V.' });
  });

  it('O-04 the preview answers what members’ /api/settings would, without saving', async () => {
    const site = await siteOf(1);
    const res = await req(
      admin,
      'POST',
      '/api/admin/sites/1/preview',
      withSettings(site, { name: 'Voorbeeld', domain_language: 'en' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const preview = ZSettings.parse(res.json());
    expect(preview.name).toBe('Voorbeeld');
    expect(preview.fictional_warning).toContain('Voorbeeld');
    expect((await siteOf(1)).settings.name).toBe(site.settings.name);
    const bad = await req(admin, 'POST', '/api/admin/sites/1/preview', withSettings(site, { niche: 0 }));
    expect(bad.statusCode).toBe(400);
  });
});

describe('O-04 O-06 who may read and change sites', () => {
  it('O-04 finance, support, moderator and operator cannot read or change sites; members and visitors are not staff', async () => {
    const site = await siteOf(1);
    for (const role of ['finance', 'support', 'moderator', 'operator'] as const) {
      const s = await buildStaff(t.app.db, { roles: [role] });
      expect((await req(s, 'GET', '/api/admin/sites')).statusCode, role).toBe(403);
      expect((await req(s, 'GET', '/api/admin/sites/1')).statusCode, role).toBe(403);
      const put = await req(s, 'PUT', '/api/admin/sites/1', withSettings(site, { name: 'Nope' }));
      expect(put.statusCode, role).toBe(403);
      expect(put.json().error.code).toBe('forbidden');
    }
    const m = await buildMember(t.app.db);
    for (const cookies of [m.cookies, {}]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/sites', cookies });
      expect(res.statusCode).toBe(401);
    }
    expect((await siteOf(1)).settings.name).toBe(site.settings.name);
  });

  it('O-04 an admin of one site sees and changes only that site, and adds none', async () => {
    const one = await buildStaff(t.app.db, { roles: [{ role: 'admin', siteId: 2 }] });
    const list = (await req(one, 'GET', '/api/admin/sites')).json();
    expect(list.sites.map((s: { id: number }) => s.id)).toEqual([2]);
    const site1 = await siteOf(1);
    expect((await req(one, 'GET', '/api/admin/sites/1')).statusCode).toBe(403);
    expect((await req(one, 'PUT', '/api/admin/sites/1', withSettings(site1, {}))).statusCode).toBe(403);
    const site2 = await siteOf(2);
    expect((await req(one, 'PUT', '/api/admin/sites/2', withSettings(site2, {}))).statusCode).toBe(200);
    const add = await req(one, 'POST', '/api/admin/sites', {
      ...withSettings(site2, {}),
      domain: 'mine.vonk.test',
    });
    expect(add.statusCode).toBe(403);
  });

  it('O-04 O-06 a change wants a second factor within the last 10 minutes; reading does not', async () => {
    const stale = await buildStaff(t.app.db, { roles: ['admin'], factorAgeMs: 11 * 60_000 });
    const site = await siteOf(1);
    expect((await req(stale, 'GET', '/api/admin/sites/1')).statusCode).toBe(200);
    const put = await req(stale, 'PUT', '/api/admin/sites/1', withSettings(site, { name: 'Later' }), 'nl');
    expect(put.statusCode).toBe(403);
    expect(put.json().error).toMatchObject({
      code: 'step_up_required',
      message: translate('nl', 'admin.error.step_up_required'),
    });
    const [row] = await t.app.db.select({ name: sites.name }).from(sites).where(eq(sites.id, 1));
    expect(row?.name).toBe(site.settings.name);
  });
});
