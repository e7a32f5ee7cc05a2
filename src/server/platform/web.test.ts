import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, profiles, sites } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { buildMember, type TestMember } from '../test/members.ts';
import { cspWithImageOrigin } from './security-headers.ts';

// What the server's render of a first page holds (issue 24, decision 0026): the built app renders each page
// (dist/ssr, from `npm run build`), so these tests need that build.
const DIST = join(import.meta.dirname, '../../../dist');

let t: TestApp;
let anna: TestMember;
let bram: TestMember;
beforeAll(async () => {
  if (!existsSync(join(DIST, 'ssr/entry-server.js')) || !existsSync(join(DIST, 'web/index.html'))) {
    throw new Error('These tests render pages with the built web app: run `npm run build` first.');
  }
  t = await createTestApp();
  // The second demo site serves its images from a CDN, and has a name and colour that try to break out of
  // the page; set before its settings are first cached.
  await t.app.db
    .update(sites)
    .set({
      cdnPrefix: 'https://cdn.example.net/goud',
      name: 'Goud</span><script>alert(1)</script>',
      themePrimary: 'red;background:url(//x.test/a)',
    })
    .where(eq(sites.domain, '127.0.0.1'));
  anna = await buildMember(t.app.db, { name: 'Annewies' });
  await giveMainPhoto(anna.id, 'annewies');
  bram = await buildMember(t.app.db, { name: 'Bramwout', profile: { gender: 'male' } });
  await giveMainPhoto(bram.id, 'bramwout');
});
afterAll(() => t?.close());

/** Stores `<name>.webp` (thumbnail `<name>_t.webp`) as the member's approved main photo. */
async function giveMainPhoto(userId: number, name: string): Promise<number> {
  const [photo] = await t.app.db
    .insert(photos)
    .values({ userId, filename: `${name}.webp`, thumbFilename: `${name}_t.webp`, width: 600, height: 800 })
    .returning({ id: photos.id });
  if (!photo) throw new Error('no photo stored');
  await t.app.db.update(profiles).set({ mainPhotoId: photo.id }).where(eq(profiles.userId, userId));
  return photo.id;
}

const page = (url: string, opts: { host?: string; cookies?: Record<string, string>; cookie?: string } = {}) =>
  t.app.inject({
    url,
    cookies: opts.cookies ?? {},
    headers: {
      host: opts.host ?? 'localhost',
      accept: 'text/html',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
  });

const STATE_OPEN = '<script type="application/json" id="vonk-state">';
interface State {
  locale: string;
  queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
}

/** The page's parts: its head, the server's HTML in the root, and the state the browser hydrates from. */
function parts(html: string) {
  const rootAt = html.indexOf('<div id="root">');
  const stateAt = html.indexOf(STATE_OPEN);
  expect(rootAt, 'the root').toBeGreaterThan(0);
  expect(stateAt, 'the state script').toBeGreaterThan(rootAt);
  const stateRaw = html.slice(stateAt + STATE_OPEN.length, html.indexOf('</script>', stateAt));
  return {
    head: html.slice(0, html.indexOf('</head>')),
    root: html.slice(rootAt, stateAt),
    stateRaw,
    state: JSON.parse(stateRaw) as State,
  };
}

const queryData = (state: State, key: string) =>
  state.queries.queries.find((q) => q.queryKey[0] === key)?.state.data;

describe('P-02 pages of a site with a CDN', () => {
  const imgSrc = (csp: unknown) =>
    String(csp)
      .match(/img-src ([^;]*)/)?.[1]
      ?.split(' ');

  it("P-02 the page's CSP lets images come from the site's cdn_prefix origin, and only on that site", async () => {
    const cdn = await page('/', { host: '127.0.0.1' });
    expect(cdn.statusCode).toBe(200);
    expect(imgSrc(cdn.headers['content-security-policy'])).toEqual(
      expect.arrayContaining(["'self'", 'https://cdn.example.net']),
    );
    const plain = await page('/');
    expect(imgSrc(plain.headers['content-security-policy'])).not.toContain('https://cdn.example.net');
    expect(plain.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('P-02 a relative or malformed cdn_prefix leaves the CSP as it is', () => {
    const csp = "default-src 'self';img-src 'self' data: blob:;script-src 'self'";
    expect(cspWithImageOrigin(csp, '/media')).toBe(csp);
    expect(cspWithImageOrigin(csp, 'javascript:alert(1)')).toBe(csp);
    expect(cspWithImageOrigin(csp, 'https://cdn.example.net/a/b')).toBe(
      "default-src 'self';img-src 'self' data: blob: https://cdn.example.net;script-src 'self'",
    );
  });
});

describe('issue 24 the first page is the server-rendered page', () => {
  it("issue 24 D-02 a visitor's /members carries the members' names and photos in its HTML and in its state", async () => {
    const res = await page('/members');
    expect(res.statusCode).toBe(200);
    const { head, root, state } = parts(res.body);
    const search = queryData(state, 'members') as {
      page: { results: { id: number; name: string; thumb_url: string | null }[] };
    };
    for (const [member, photo] of [
      [anna, 'annewies'],
      [bram, 'bramwout'],
    ] as const) {
      expect(root).toContain(`href="/members/${member.id}"`);
      expect(root).toContain(`>${member.name}<`);
      expect(root).toContain(`src="/media/${photo}_t.webp"`);
      expect(search.page.results).toContainEqual(
        expect.objectContaining({ id: member.id, name: member.name, thumb_url: `/media/${photo}_t.webp` }),
      );
    }
    // The first cards' photos start downloading from the head, not from where React wrote them.
    const imagePreloads = [...res.body.matchAll(/<link rel="preload" as="image"[^>]*>/g)];
    expect(imagePreloads.length).toBeGreaterThan(0);
    for (const link of imagePreloads) expect(link.index).toBeLessThan(head.length);
    expect(root).not.toContain('rel="preload"');
  });

  it('issue 24 M-05 /members/<id> carries the name, Open Graph tags and the main photo only while it is approved', async () => {
    const member = await buildMember(t.app.db, { name: 'Fotomodel' });
    const photoId = await giveMainPhoto(member.id, 'main1');
    const approved = await page(`/members/${member.id}`);
    expect(approved.statusCode).toBe(200);
    const { head, root, stateRaw } = parts(approved.body);
    expect(root).toContain('>Fotomodel<');
    expect(stateRaw).toContain('"name":"Fotomodel"');
    expect(head).toMatch(/<title>Fotomodel, \d+<\/title>/);
    expect(head).toMatch(/<meta property="og:title" content="Fotomodel, \d+" \/>/);
    expect(head).toContain('<meta property="og:type" content="profile" />');
    expect(head).toContain(`<meta property="og:url" content="http://localhost/members/${member.id}" />`);
    expect(head).toContain('<meta property="og:image" content="http://localhost/media/main1.webp" />');
    expect(head).toContain('<meta name="twitter:image" content="http://localhost/media/main1.webp" />');
    expect(root).toContain('src="/media/main1.webp"');
    // A photo not yet approved is neither shared nor shown, nor handed to the app.
    await t.app.db.update(photos).set({ status: 'pending' }).where(eq(photos.id, photoId));
    const pending = await page(`/members/${member.id}`);
    expect(pending.statusCode).toBe(200);
    expect(parts(pending.body).root).toContain('>Fotomodel<');
    expect(pending.body).not.toContain('main1');
    expect(pending.body).not.toContain('og:image');
  });

  it("I-02 the page preloads the catalog of the visitor's locale, and only that one", async () => {
    // The catalogs among the modules the app loader preloads (app-loader.ts).
    const catalogs = (html: string) =>
      (/ data-modules="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? []).filter((m) => m.includes('/messages-'));
    const nl = await page('/members');
    expect(catalogs(nl.body)).toEqual([expect.stringMatching(/^\/assets\/messages-nl-[\w-]+\.js$/)]);
    expect(parts(nl.body).state.locale).toBe('nl');
    const de = await page('/members', { cookie: 'i18n_redirected=de' });
    expect(catalogs(de.body)).toEqual([expect.stringMatching(/^\/assets\/messages-de-[\w-]+\.js$/)]);
    expect(de.body).toContain('<html lang="de"');
    expect(parts(de.body).state.locale).toBe('de');
    expect(parts(de.body).root).toContain('Mitglieder');
    // The preload names the built file the app imports, so it is served.
    const file = await t.app.inject({ url: catalogs(nl.body)[0] ?? '/none', headers: { host: 'localhost' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/javascript/);
  });

  it("P-02 the site's name and colours are on the page; a hostile name stays text, a non-hex colour stays out", async () => {
    const vonk = await page('/');
    expect(vonk.body).toContain(
      '<html lang="nl" style="--shell-primary:#0f766e;--site-primary:#0f766e;--shell-secondary:#c8960c;--site-secondary:#c8960c">',
    );
    expect(parts(vonk.body).root).toContain('</svg>Vonk</span>');
    expect(vonk.body).toContain('<meta property="og:site_name" content="Vonk" />');

    const hostile = await page('/', { host: '127.0.0.1' });
    expect(hostile.statusCode).toBe(200);
    const { root, stateRaw, state } = parts(hostile.body);
    expect(hostile.body).not.toContain('<script>alert(1)</script>');
    expect(root).toContain('Goud&lt;/span&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(hostile.body).toContain(
      '<meta property="og:site_name" content="Goud&lt;/span&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />',
    );
    expect(stateRaw).not.toContain('<');
    expect((queryData(state, 'settings') as { name: string }).name).toBe(
      'Goud</span><script>alert(1)</script>',
    );
    // Only the plain hex colour reaches the style; the other keeps the stylesheet's default.
    expect(hostile.body).toContain(
      '<html lang="nl" style="--shell-secondary:#b7791f;--site-secondary:#b7791f">',
    );
  });

  it("issue 24 a member's name that closes the script stays inside the state: no < in it, and it reads back whole", async () => {
    const name = '</script><script>alert(2)</script>';
    const evil = await buildMember(t.app.db, { name });
    const pages = [
      await page('/members'),
      await page(`/members/${evil.id}`),
      await page(`/members/${evil.id}`, { cookies: evil.cookies }),
    ];
    for (const res of pages) {
      expect(res.statusCode).toBe(200);
      const { root, stateRaw } = parts(res.body);
      expect(stateRaw).not.toContain('<');
      expect(stateRaw).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(2)');
      expect(JSON.parse(stateRaw)).toBeTruthy();
      expect(stateRaw).toContain(JSON.stringify(name).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e'));
      expect(root).toContain('&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
      expect(res.body).not.toContain('<script>alert(2)');
      // Every script element that opens is closed by its own end tag, none by the name.
      expect(res.body.split('</script>').length - 1).toBe(res.body.split('<script').length - 1);
    }
    // The name is text in the profile's title and Open Graph tags too.
    expect(pages[1]?.body).toMatch(
      /<title>&lt;\/script&gt;&lt;script&gt;alert\(2\)&lt;\/script&gt;, \d+<\/title>/,
    );
  });
});

describe('issue 24 nothing private reaches a visitor', () => {
  it("D-01 P-01 a member's /members holds what the API answers that member, answered in-process: no API request of its own", async () => {
    /** Requests each API route served through Fastify (inject included), from the request metric. */
    const served = async () => {
      const { values } = await t.app.metrics.httpDuration.get();
      const counts = new Map<string, number>();
      for (const v of values) {
        if (!v.metricName?.endsWith('_count') || !String(v.labels.route).startsWith('/api/')) continue;
        counts.set(String(v.labels.route), (counts.get(String(v.labels.route)) ?? 0) + v.value);
      }
      return counts;
    };
    const before = await served();
    const res = await page('/members?gender=female', { cookies: anna.cookies });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const after = await served();
    // The search, the session, the settings and the counts were answered by their handlers in the page's
    // request: no route of the API served a request for it.
    for (const [route, count] of after) expect(count, route).toBe(before.get(route) ?? 0);

    const { root, state } = parts(res.body);
    const api = (url: string) =>
      t.app.inject({ url, cookies: anna.cookies, headers: { host: 'localhost', 'accept-language': 'nl' } });
    const search = await api('/api/members?gender=female');
    expect(queryData(state, 'members')).toEqual(search.json());
    // React's escaping of text (a name that tries to close the script stays text).
    const asText = (name: string) =>
      name.replace(
        /[&<>"']/g,
        (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c] ?? c,
      );
    for (const r of (search.json() as { page: { results: { name: string }[] } }).page.results)
      expect(root).toContain(`>${asText(r.name)}<`);
    expect(queryData(state, 'user')).toEqual((await api('/api/user.php')).json());
    expect(queryData(state, 'counts')).toEqual((await api('/api/counts')).json());
    expect(queryData(state, 'settings')).toEqual((await api('/api/settings?domain=localhost')).json());
    // D-04: the like-and-match popup is about what arrives after the page: the browser asks it once the page
    // is there, the render does not (its answer could only be "none", for three database reads).
    expect(state.queries.queries.map((q) => q.queryKey[0])).not.toContain('popup-baseline');
    expect(queryData(state, 'notifications')).toBeUndefined();
  });

  it("issue 24 a member's e-mail and credits are in their own page's state, never in a visitor's page", async () => {
    type User = { user: { email: string; credits: number } | null };
    const own = await page('/members', { cookies: anna.cookies });
    expect(own.statusCode).toBe(200);
    const mine = parts(own.body);
    expect((queryData(mine.state, 'user') as User).user?.email).toBe(anna.email);
    expect(mine.stateRaw).toContain(anna.email);
    expect(mine.stateRaw).toMatch(/"credits":\d+/);
    expect(mine.root).toContain('data-logged-in="true"');

    // Members' and visitors' renders at once, on one server: no answer of one reaches the other.
    const visits = ['/members', `/members/${anna.id}`];
    const all = await Promise.all([
      ...visits.map((url) => page(url)),
      ...visits.map((url) => page(url, { cookies: anna.cookies })),
      ...visits.map((url) => page(url)),
    ]);
    const visitors = [...all.slice(0, 2), ...all.slice(4)];
    for (const res of visitors) {
      expect(res.statusCode).toBe(200);
      const { root, stateRaw, state } = parts(res.body);
      // The page does show her: what is absent is only what is hers alone.
      expect(root).toContain('>Annewies<');
      expect(res.body).not.toContain(anna.email);
      expect(stateRaw).not.toContain('"credits"');
      expect(stateRaw).not.toContain('"email"');
      expect(queryData(state, 'user')).toEqual({ user: null });
      expect(root).toContain('data-logged-in="false"');
    }
    for (const res of all.slice(2, 4)) expect(parts(res.body).stateRaw).toContain(anna.email);
  });
});

describe('issue 24 answers in the page count as the API calls they replace', () => {
  it("D-01 P-01 a page's in-process answers count against the visitor's API rate limit, and over it the page is still served", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '6' });
    try {
      const visit = () =>
        limited.app.inject({ url: '/members', headers: { host: 'localhost', accept: 'text/html' } });
      const first = await visit();
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain('id="vonk-state"');
      // The page asked settings, session and search at least: three more calls go over a limit of six.
      const calls = [];
      for (let i = 0; i < 3; i++)
        calls.push(await limited.app.inject({ url: '/api/settings', headers: { host: 'localhost' } }));
      expect(calls.map((c) => c.statusCode)).toContain(429);
      // Over the limit the page is still an answer: its parts left for the browser to ask.
      expect((await visit()).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
