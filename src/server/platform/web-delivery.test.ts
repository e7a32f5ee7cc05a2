import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, profiles, sites } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { buildMember } from '../test/members.ts';
import { SESSION_COOKIE } from './session.ts';
import { ENTRY_WARNING_SCRIPT, ENTRY_WARNING_SCRIPT_HASH } from './shell-entry-warning.ts';

// A built asset with the copies scripts/vite-precompress.ts writes beside it.
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

const SHELL = readFileSync(join(import.meta.dirname, '../../web/index.html'), 'utf8');
const ASSET = `export const x = ${JSON.stringify('vonk '.repeat(400))};\n`;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      // The real shell: the server fills in its markers (site name, first photos), so they must match.
      webShell: SHELL,
      webFiles: {
        'assets/app-1a2b3c.js': ASSET,
        'assets/app-1a2b3c.js.br': brotliCompressSync(ASSET),
        'assets/app-1a2b3c.js.gz': gzipSync(ASSET),
        '.vite/manifest.json': JSON.stringify({
          'main.tsx': { file: 'assets/index-aaaa.js', isEntry: true },
          '../shared/i18n/messages/nl.json': { file: 'assets/messages-nl-bbbb.js' },
          '../shared/i18n/messages/de.json': { file: 'assets/messages-de-cccc.js' },
          '_common-dddd.js': { file: 'assets/common-dddd.js' },
          'layouts/layouts.tsx': { file: 'assets/layouts-eeee.js', imports: ['main.tsx', '_common-dddd.js'] },
          'layouts/root-chrome.tsx': { file: 'assets/root-chrome-ffff.js', imports: ['main.tsx'] },
          'features/discovery/members-page.tsx': {
            file: 'assets/members-page-gggg.js',
            imports: ['_common-dddd.js', 'main.tsx', '_location-hhhh.js'],
          },
          '_location-hhhh.js': { file: 'assets/location-hhhh.js' },
          'components/modal-dialog.tsx': {
            file: 'assets/modal-dialog-jjjj.js',
            imports: ['_common-dddd.js'],
          },
          'features/site/home-page.tsx': { file: 'assets/home-page-iiii.js', imports: ['_common-dddd.js'] },
        }),
      },
    },
  );
  // The second demo site with a name and colours that try to break out of the page.
  await t.app.db
    .update(sites)
    .set({ name: 'Goud</span><script>alert(1)</script>', themePrimary: 'red;background:url(//x.test/a)' })
    .where(eq(sites.domain, '127.0.0.1'));
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('P-01 issue 11 item 1: text goes out compressed', () => {
  it('P-01 a built asset is sent as its brotli copy, with Vary and a year of immutable caching', async () => {
    const res = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(ASSET.length / 5);
  });

  it('P-01 a browser without brotli gets the gzip copy, one without either the plain file', async () => {
    const gz = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET);
    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
  });

  it('P-01 JSON answers of a few KB are compressed; tiny ones are not worth it', async () => {
    const interests = await get('/api/interests', 'gzip');
    expect(interests.statusCode).toBe(200);
    expect(interests.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(interests.rawPayload).toString());
    expect(body.interests.length).toBeGreaterThan(40);
    const health = await get('/healthz', 'gzip, br');
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('P-01 issue 11 item 1: the inline shell', () => {
  it("P-02 the shell that paints before JavaScript carries the site's name and colours, escaped", async () => {
    const page = await t.app.inject({ url: '/', headers: { host: 'localhost', accept: 'text/html' } });
    expect(page.body).toContain('</svg>Vonk</span>');
    expect(page.body).toMatch(
      /<html lang="nl" style="--shell-primary:#[0-9a-f]{6};--shell-secondary:#[0-9a-f]{6}">/i,
    );
    const hostile = await t.app.inject({ url: '/', headers: { host: '127.0.0.1', accept: 'text/html' } });
    expect(hostile.body).not.toContain('<script>alert(1)</script>');
    expect(hostile.body).toContain('Goud&lt;/span&gt;&lt;script&gt;');
    // A colour that is no plain hex never reaches the style: the shell keeps its default there.
    expect(hostile.body).toMatch(/<html lang="nl" style="--shell-secondary:#[0-9a-f]{6}">/i);
  });
});

describe('P-01 issue 11 item 1: the catalog loads with the page', () => {
  it("I-02 the page preloads the catalog of the visitor's locale, and only that one", async () => {
    const nl = await t.app.inject({ url: '/members', headers: { host: 'localhost', accept: 'text/html' } });
    expect(nl.body).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/messages-nl-bbbb.js" />',
    );
    expect(nl.body).not.toContain('messages-de-cccc');
    const de = await t.app.inject({
      url: '/members',
      headers: { host: 'localhost', accept: 'text/html', cookie: 'i18n_redirected=de' },
    });
    expect(de.body).toContain('href="/assets/messages-de-cccc.js"');
    // The manifest is for the server: browsers get nothing from it.
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
  });
});

describe("P-01 issue 11 item 1: the route's code loads with the page", () => {
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)" \/>/g)].map(
      (m) => m[1],
    );

  it("P-01 the search page preloads the layouts, the page's chunk and what they import, each once", async () => {
    const page = await t.app.inject({
      url: '/members?page=1',
      headers: { host: 'localhost', accept: 'text/html' },
    });
    expect(preloads(page.body)).toEqual([
      '/assets/messages-nl-bbbb.js',
      '/assets/layouts-eeee.js',
      '/assets/common-dddd.js',
      '/assets/root-chrome-ffff.js',
      '/assets/members-page-gggg.js',
      '/assets/location-hhhh.js',
    ]);
    // The session answer the first render waits for downloads with the settings (same origin, cookies).
    expect(page.body).toContain('<link rel="preload" as="fetch" crossorigin href="/api/user.php" />');
    // The entry is the page's script already; other pages' chunks are not fetched.
    expect(page.body).not.toContain('index-aaaa');
    expect(page.body).not.toContain('home-page-iiii');
  });

  it('P-01 L-04 a route without a listed page and an unknown path preload the layouts; the warning needs no dialog code', async () => {
    for (const url of ['/credits', '/no-such-page']) {
      const page = await t.app.inject({ url, headers: { host: 'localhost', accept: 'text/html' } });
      expect(preloads(page.body)).toEqual([
        '/assets/messages-nl-bbbb.js',
        '/assets/layouts-eeee.js',
        '/assets/common-dddd.js',
        '/assets/root-chrome-ffff.js',
      ]);
    }
  });

  it('P-01 L-04 the dialog is not preloaded where the entry warning never shows', async () => {
    const page = await t.app.inject({
      url: '/reset-password',
      headers: { host: 'localhost', accept: 'text/html' },
    });
    expect(page.body).toContain('/assets/layouts-eeee.js');
    expect(page.body).not.toContain('modal-dialog');
  });
});

describe('P-01 issue 11 item 1: the search answer loads with the page', () => {
  const SEARCH = '<link rel="preload" as="fetch" crossorigin href="/api/members" />';
  const html = async (url: string) =>
    (await t.app.inject({ url, headers: { host: 'localhost', accept: 'text/html' } })).body;

  it('P-01 D-02 a plain /members preloads the unfiltered search the page asks first', async () => {
    expect(await html('/members')).toContain(SEARCH);
  });

  it('P-01 D-02 filters, a traffic source or another page preload no search', async () => {
    for (const url of ['/members?gender=f', '/members?ref=spring', '/', '/members/12']) {
      expect(await html(url)).not.toContain('href="/api/members"');
    }
  });
});

describe('P-01 issue 11 item 1: the home page brings its first portrait', () => {
  const SHOWCASE = '<link rel="preload" as="fetch" crossorigin href="/api/showcase" />';
  it("P-01 L-07 a visitor's home page preloads the showcase and its first portrait; members and other pages get neither", async () => {
    const member = await buildMember(t.app.db, { name: 'Portret', lastActiveAt: new Date() });
    await t.app.db.update(profiles).set({ lastActiveAt: new Date() }).where(eq(profiles.userId, member.id));
    await giveMainPhoto(member.id, 'home1');

    const home = (await t.app.inject({ url: '/', headers: { host: 'localhost', accept: 'text/html' } })).body;
    expect(home).toContain(SHOWCASE);
    const showcase = (
      await t.app.inject({ url: '/api/showcase', headers: { host: 'localhost' } })
    ).json() as {
      members: { thumb_url: string | null }[];
    };
    const first = showcase.members.find((m) => m.thumb_url)?.thumb_url;
    expect(first).toMatch(/home1_t\.webp$/);
    // Exactly the address the hero's first <img> asks, so the browser uses the preloaded copy.
    expect(home).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${first}" />`);
    // The shell shows it in the hero before any JavaScript runs (decision 0018).
    expect(home).toContain('class="vs-shell vs-home"');
    expect(home).toMatch(
      new RegExp(`<div class="vs-hero"><img src="${first}" alt="" [^>]*fetchpriority="high"`),
    );

    const asMember = await t.app.inject({
      url: '/',
      headers: { host: 'localhost', accept: 'text/html' },
      cookies: member.cookies,
    });
    expect(asMember.body).not.toContain('/api/showcase');
    expect(asMember.body).not.toContain('home1_t.webp');
    expect(asMember.body).toContain('class="vs-shell"><');
    // A cookie whose session has ended (expired, logged out elsewhere) is a visitor's: the app shows the
    // visitor's home, so the shell does too.
    const ended = await t.app.inject({
      url: '/',
      headers: { host: 'localhost', accept: 'text/html' },
      cookies: { [SESSION_COOKIE]: 'no-such-session' },
    });
    expect(ended.body).toContain(SHOWCASE);
    expect(ended.body).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${first}" />`);
    for (const url of ['/members', '/pages/terms']) {
      const page = (await t.app.inject({ url, headers: { host: 'localhost', accept: 'text/html' } })).body;
      expect(page).not.toContain('/api/showcase');
    }
  });

  it("P-01 D-02 a visitor's plain search page preloads the first cards' photos of the answer it preloads", async () => {
    const search = (await t.app.inject({ url: '/api/members', headers: { host: 'localhost' } })).json() as {
      page: { results: { thumb_url: string | null }[] };
    };
    const firsts = search.page.results.flatMap((m) => (m.thumb_url ? [m.thumb_url] : [])).slice(0, 2);
    expect(firsts.length).toBeGreaterThan(0);
    const page = (
      await t.app.inject({ url: '/members', headers: { host: 'localhost', accept: 'text/html' } })
    ).body;
    for (const src of firsts) {
      expect(page).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${src}" />`);
    }
    // The shell's grid shows them in the cards of their members, in answer order (decision 0018).
    expect(page).toContain('class="vs-shell vs-search"');
    const cards = [...page.matchAll(/<div class="vs-card( vs-photo)?">(?:<img src="([^"]+)")?/g)].map(
      (m) => m[2] ?? null,
    );
    expect(cards).toHaveLength(4);
    const expected = search.page.results.slice(0, 4).map((m) => m.thumb_url);
    let photos = 0;
    cards.forEach((src, i) => {
      if (src) photos++;
      expect(src, `card ${i}`).toBe(expected[i] && photos <= 2 && src ? expected[i] : null);
    });
    expect(cards.filter(Boolean)).toEqual(firsts);
    // 20 first visits at once get the same photos.
    const burst = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ url: '/members', headers: { host: 'localhost', accept: 'text/html' } }),
      ),
    );
    for (const res of burst) expect(res.body).toContain(`href="${firsts[0]}"`);
    // An ended session's cookie is a visitor's: the same photos.
    const ended = await t.app.inject({
      url: '/members',
      cookies: { [SESSION_COOKIE]: 'no-such-session' },
      headers: { host: 'localhost', accept: 'text/html' },
    });
    expect(ended.body).toContain(`href="${firsts[0]}"`);
    // Filters ask another search, and members search with their own defaults: no photos preloaded.
    const searcher = await buildMember(t.app.db, { name: 'Zoeker' });
    for (const [url, cookies] of [
      ['/members?gender=female', {}],
      ['/members', searcher.cookies],
    ] as const) {
      const other = await t.app.inject({ url, cookies, headers: { host: 'localhost', accept: 'text/html' } });
      expect(other.body).not.toContain('as="image"');
      expect(other.body).not.toContain('class="vs-card vs-photo"');
    }
  });
});

describe('P-01 issue 11 item 1: a profile page brings its answer', () => {
  it("P-01 M-05 /members/<id> preloads that member's answer; other pages and bad ids preload none", async () => {
    const html = async (url: string) =>
      (await t.app.inject({ url, headers: { host: 'localhost', accept: 'text/html' } })).body;
    expect(await html('/members/27')).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/members/27" />',
    );
    expect(await html('/members/27?ref=x')).toContain('href="/api/members/27"');
    for (const url of ['/members', '/', '/members/0', '/members/99999999999']) {
      expect(await html(url)).not.toMatch(/href="\/api\/members\/\d/);
    }
  });
});

describe('P-01 M-05 a profile page shows its main photo in the shell (decision 0018)', () => {
  it('P-01 M-05 the approved main photo is preloaded before the code and drawn where the page draws it', async () => {
    const member = await buildMember(t.app.db, { name: 'Fotomodel' });
    const photoId = await giveMainPhoto(member.id, 'main1');
    const html = (
      await t.app.inject({
        url: `/members/${member.id}`,
        headers: { host: 'localhost', accept: 'text/html' },
      })
    ).body;
    const preload = '<link rel="preload" as="image" fetchpriority="high" href="/media/main1.webp" />';
    expect(html).toContain(preload);
    expect(html.indexOf(preload)).toBeLessThan(html.indexOf('rel="modulepreload"'));
    expect(html).toContain('class="vs-shell vs-member"');
    expect(html).toContain('<div class="vs-card vs-photo vs-main"><img src="/media/main1.webp" alt=""');
    // A photo not yet approved is neither shared nor shown.
    await t.app.db.update(photos).set({ status: 'pending' }).where(eq(photos.id, photoId));
    const pending = (
      await t.app.inject({
        url: `/members/${member.id}`,
        headers: { host: 'localhost', accept: 'text/html' },
      })
    ).body;
    expect(pending).not.toContain('main1.webp');
    expect(pending).not.toContain('class="vs-shell vs-member"');
  });
});

describe('L-04 P-01 the site-entry warning comes with the shell (decision 0018)', () => {
  const page = (url: string, headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
    t.app.inject({ url, cookies, headers: { host: 'localhost', accept: 'text/html', ...headers } });

  it("L-04 a new visitor's first page carries the warning, opened by its one inline script, allowed by hash", async () => {
    const res = await page('/members/27');
    const html = res.body;
    expect(html).toMatch(
      /<dialog id="vs-entry" class="vs-entry" aria-labelledby="vs-entry-title" aria-describedby="vs-entry-text">/,
    );
    expect(html).toContain('<h2 id="vs-entry-title">Belangrijke informatie</h2>');
    expect(html).toContain('Vonk is een datingsite voor volwassenen. Je moet minstens 18 jaar oud zijn');
    expect(html).toContain('data-enter autofocus>Ik ben 18+ en ga verder</button>');
    expect(html).toContain('>Verlaat de site</a>');
    // Before the app's root, so it opens while the page is parsed; the script is exactly the hashed one.
    expect(html.indexOf('id="vs-entry"')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html).toContain(`<script>${ENTRY_WARNING_SCRIPT}</script>`);
    expect(String(res.headers['content-security-policy'])).toContain(
      `script-src 'self' ${ENTRY_WARNING_SCRIPT_HASH}`,
    );
    // In the visitor's language.
    const de = await page('/members/27', { cookie: 'i18n_redirected=de' });
    expect(de.body).toContain('<h2 id="vs-entry-title">Wichtige Informationen</h2>');
  });

  it('L-04 members, other countries, pages without the warning and campaign pages get none', async () => {
    const member = await buildMember(t.app.db, { name: 'Binnen' });
    const cases: [string, Record<string, string>, Record<string, string>][] = [
      ['/', {}, member.cookies],
      ['/reset-password', {}, {}],
      ['/complete-signup', {}, {}],
      ['/landers/tinderswipe', {}, {}],
    ];
    for (const [url, headers, cookies] of cases) {
      const res = await page(url, headers, cookies);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, `${url} ${JSON.stringify(headers)}`).not.toContain('id="vs-entry"');
    }
    // A stale session cookie is a visitor: the warning shows, as the app would show it.
    expect((await page('/', {}, { [SESSION_COOKIE]: 'stale' })).body).toContain('id="vs-entry"');
    // A visitor from outside the site's countries (the country from a trusted proxy's header).
    const proxied = await createTestApp({ TRUST_PROXY: 'true' }, { webShell: SHELL });
    try {
      const get = (country: string) =>
        proxied.app.inject({
          url: '/',
          headers: { host: 'localhost', accept: 'text/html', 'cf-ipcountry': country },
        });
      expect((await get('JP')).body).not.toContain('id="vs-entry"');
      expect((await get('NL')).body).toContain('id="vs-entry"');
    } finally {
      await proxied.close();
    }
  });

  it('L-04 a hostile site name stays text inside the warning', async () => {
    const html = (await page('/', { host: '127.0.0.1' })).body;
    const dialog = html.slice(html.indexOf('<dialog'), html.indexOf('</dialog>'));
    expect(dialog).toContain('Goud&lt;/span&gt;&lt;script&gt;');
    expect(dialog).not.toContain('<script>alert(1)</script>');
  });
});
