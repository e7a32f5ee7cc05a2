import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSettings } from '../../../shared/contract/site.ts';
import { companies } from '../../db/schema.ts';
import { createSiteResolver } from '../../platform/site.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { getCompany } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('settings', () => {
  it('P-02 answers every settings field of spec §3 for the domain given', async () => {
    const res = await t.app.inject({ url: '/api/settings?domain=localhost' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(ZSettings.strict().safeParse(body).success).toBe(true);
    for (const field of [
      'geoip_country',
      'geoip_selected_country',
      'enable_site_entry_popup',
      'niche',
      'signups',
      'logged_out_search',
      'logged_out_search_trafficsource',
      'cdn_prefix',
      'domain',
      'domain_language',
      'name',
      'index_title',
      'description',
      'push_public_key',
      'minimum_message_costs',
      'support_phone',
      'support_email',
      'fictional_icon',
      'fictional_warning',
      'fictional_singular',
      'fictional_plural',
      'countries',
      'visible_profile_fields',
      'visible_profile_notes',
      'message_credits',
      'photo_credits',
      'gift_credits',
      'signup_credits',
      'message_length',
      'search_fields',
      'refund_days',
      'member_resell',
      'company_id',
      'mail_name',
    ]) {
      expect(body, field).toHaveProperty(field);
    }
    expect(body.domain).toBe('localhost');
    expect(body.name).toBe('Vonk');
    expect(body.push_public_key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
  });

  it('P-01 I-03 names each of the site countries in every locale, so the browser need not ask Intl', async () => {
    const body = (await t.app.inject({ url: '/api/settings?domain=localhost' })).json();
    expect(Object.keys(body.country_names).sort()).toEqual([...body.countries].sort());
    expect(Object.keys(body.country_names.NL)).toHaveLength(11);
    expect(body.country_names.NL).toMatchObject({ nl: 'Nederland', en: 'Netherlands', de: 'Niederlande' });
  });

  it('P-02 the second demo site answers other values', async () => {
    const a = (await t.app.inject({ url: '/api/settings?domain=localhost' })).json();
    const b = (await t.app.inject({ url: '/api/settings?domain=127.0.0.1' })).json();
    expect(b.domain).toBe('127.0.0.1');
    expect(b.name).not.toBe(a.name);
    expect(b.niche).not.toBe(a.niche);
    expect(b.theme.primary).not.toBe(a.theme.primary);
  });

  it('P-02 uses the request host when no domain is given, ignoring the port', async () => {
    const res = await t.app.inject({ url: '/api/settings', headers: { host: '127.0.0.1:3000' } });
    expect(res.json().name).toBe('Vonk Goud');
  });

  it('P-02 an unknown domain gets the default site', async () => {
    const res = await t.app.inject({ url: '/api/settings?domain=nowhere.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json().domain).toBe('localhost');
  });

  it.each([
    ['garbage', '%00%ff<script>'],
    ['10 kB', 'a'.repeat(10_000)],
    ['unicode', encodeURIComponent('😀.ünïcödé.example')],
    ['empty', ''],
  ])('P-02 a %s domain answers the default site or 400, never 500', async (_name, domain) => {
    const res = await t.app.inject({ url: `/api/settings?domain=${domain}` });
    expect([200, 400]).toContain(res.statusCode);
    if (res.statusCode === 200) expect(res.json().domain).toBe('localhost');
    else expect(res.json().error.code).toBe('validation');
  });

  it('P-03 texts follow the locale cookie, and a malformed cookie is ignored', async () => {
    const de = await t.app.inject({ url: '/api/settings', cookies: { i18n_redirected: 'de' } });
    const nl = await t.app.inject({ url: '/api/settings', cookies: { i18n_redirected: '"><x' } });
    expect(de.json().fictional_singular).not.toBe(nl.json().fictional_singular);
    expect(nl.statusCode).toBe(200);
  });

  it('geoip_country comes from the proxy header only when the proxy is trusted', async () => {
    const untrusted = await t.app.inject({ url: '/api/settings', headers: { 'cf-ipcountry': 'DE' } });
    expect(untrusted.json().geoip_country).toBe('NL');
    const trusted = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const res = await trusted.app.inject({ url: '/api/settings', headers: { 'cf-ipcountry': 'de' } });
      expect(res.json().geoip_country).toBe('DE');
      const chosen = await trusted.app.inject({
        url: '/api/settings',
        headers: { 'cf-ipcountry': 'DE' },
        cookies: { country: 'BE' },
      });
      expect(chosen.json().geoip_selected_country).toBe('BE');
    } finally {
      await trusted.close();
    }
  });
});

describe('company, interests, regions', () => {
  it('answers the company with its address and added date', async () => {
    const res = await t.app.inject({ url: '/api/company' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Vonk Media B.V.', kvk: '87654321', added: '2024-03-01' });
    expect(res.json().country_names).toMatchObject({ nl: 'Nederland', fr: 'Pays-Bas' });
  });

  it('P-01 issue 24 the company is read once per 30 s, and again at once when the sites change', async () => {
    let clock = 1_000_000;
    const resolver = createSiteResolver(t.app.db, () => clock);
    const site = await resolver('localhost');
    expect((await getCompany(resolver.company, site)).name).toBe('Vonk Media B.V.');
    await t.app.db
      .update(companies)
      .set({ name: 'Vonk Media Groep B.V.' })
      .where(eq(companies.id, site.companyId));
    try {
      // Kept: every page asks for it, and it changes with the sites.
      clock += 29_000;
      expect((await getCompany(resolver.company, site)).name).toBe('Vonk Media B.V.');
      // A back-office edit of the sites (the bus's sites_changed) forgets it at once...
      resolver.forget();
      expect((await getCompany(resolver.company, site)).name).toBe('Vonk Media Groep B.V.');
      // ...and a change by hand is seen within the site's 30 s.
      await t.app.db
        .update(companies)
        .set({ name: 'Vonk Media B.V.' })
        .where(eq(companies.id, site.companyId));
      clock += 31_000;
      expect((await getCompany(resolver.company, site)).name).toBe('Vonk Media B.V.');
    } finally {
      await t.app.db
        .update(companies)
        .set({ name: 'Vonk Media B.V.' })
        .where(eq(companies.id, site.companyId));
    }
  });

  it('M-02 answers about 50 interests, each named in eleven locales', async () => {
    const { interests } = (await t.app.inject({ url: '/api/interests' })).json();
    expect(interests.length).toBeGreaterThanOrEqual(45);
    for (const i of interests) expect(Object.keys(i.names)).toHaveLength(11);
  });

  it('I-06 regions carry their label kind per country', async () => {
    expect((await t.app.inject({ url: '/api/regions?country=NL' })).json().label).toBe('province');
    expect((await t.app.inject({ url: '/api/regions?country=CH' })).json().label).toBe('canton');
    expect((await t.app.inject({ url: '/api/regions?country=us' })).json().label).toBe('state');
    const nl = (await t.app.inject({ url: '/api/regions?country=NL' })).json();
    expect(nl.regions.map((r: { name: string }) => r.name)).toContain('Noord-Holland');
  });

  it('I-06 an unknown country is a 404 in the error shape', async () => {
    const res = await t.app.inject({ url: '/api/regions?country=ZZ', cookies: { i18n_redirected: 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'unknown_country' });
    expect(res.json().error.message).toMatch(/\w/);
  });
});

describe('platform', () => {
  it('P-07 accepts the page-hidden beacon with an empty JSON body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/page-hidden.php', payload: {} });
    expect(res.statusCode).toBe(204);
    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.body).toMatch(/vonk_page_hidden_total 1/);
  });

  it('refuses unsafe requests from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      payload: {},
      headers: { origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('cross_origin');
  });

  it('serves health, readiness, metrics and the OpenAPI document', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json().status).toBe('ready');
    const openapi = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/api/settings', '/api/company', '/api/interests', '/api/regions']),
    );
  });

  it('sends a CSP and other security headers', async () => {
    const res = await t.app.inject({ url: '/api/settings' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('an unknown API path is a 404 in the error shape', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('P-12 serves a manifest and icons in the site colours', async () => {
    const m = (await t.app.inject({ url: '/manifest.webmanifest', headers: { host: '127.0.0.1' } })).json();
    expect(m).toMatchObject({ name: 'Vonk Goud', display: 'standalone', theme_color: '#7c2d6b' });
    const icon = await t.app.inject({ url: '/icons/icon-192.png' });
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('malformed URLs', () => {
  it('a bad escape or an over-long id gets the error shape, never a 500', async () => {
    for (const url of ['/api/members/%E0%A4%A', `/api/members/${'a'.repeat(150)}`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error.code).toBe('bad_request');
    }
  });
});

describe('page-bounce logging', () => {
  it('P-08 records how long an lb landing was looked at, labelled by route only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/page-bounce',
      payload: { path: '/pages/faq', seconds: 7, network: 'aff1' },
    });
    expect(res.statusCode).toBe(204);
    await t.app.inject({
      method: 'POST',
      url: '/api/page-bounce',
      payload: { path: '/x/random/path', seconds: 1 },
    });
    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/vonk_page_bounce_seconds_count\{path="pages-faq",network="with_network"\} 1/);
    expect(metrics).toMatch(/vonk_page_bounce_seconds_count\{path="other",network="none"\} 1/);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/page-bounce',
      payload: { path: '/', seconds: -4 },
    });
    expect(bad.statusCode).toBe(400);
  });
});
