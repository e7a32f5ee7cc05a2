import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/i18n/locales.ts';
import { STATIC_PAGES } from '../../shared/routes.ts';
import { sites } from '../db/schema.ts';
import { createTestApp, TEST_SHELL, type TestApp } from '../test/app.ts';
import { t as text } from './i18n.ts';
import { disallowedPaths, escapeXml, isIndexable, routeIndexing, siteLocales } from './seo.ts';

let t: TestApp;
/** A third site with its own language and a name that needs escaping, made before anything caches it. */
const ESCAPE_HOST = 'zoe-dating.test';
const HOSTILE_NAME = `Zoë & "Co" <script>alert('x')</script>`;

beforeAll(async () => {
  t = await createTestApp({}, { webShell: TEST_SHELL });
  await t.app.db.insert(sites).values({
    domain: ESCAPE_HOST,
    companyId: 1,
    name: HOSTILE_NAME,
    indexTitle: 'Zoë',
    description: 'Zoë',
    domainLanguage: 'de',
    countries: ['CH', 'DE'],
    supportPhone: '1',
    supportEmail: 'support@zoe.test',
    mailName: 'Zoë',
  });
});
afterAll(() => t.close());

const get = (url: string, host: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host, ...headers } });

// ---------------------------------------------------------------- a strict little XML reader

interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}
const ENTITY = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i;
const decode = (s: string) =>
  s
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

/** Throws on anything not well-formed for this subset: stray `&` or `<`, unbalanced or unclosed tags. */
function parseXml(xml: string): XmlNode {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  expect(xml).not.toMatch(/(?![\t\n\r])\p{Cc}/u);
  const body = xml.slice(xml.indexOf('\n') + 1);
  const root: XmlNode = { name: '#root', attrs: {}, children: [], text: '' };
  const stack = [root];
  const token = /<(\/?)([a-zA-Z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/y;
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < body.length) {
    token.lastIndex = at;
    m = token.exec(body);
    if (!m) throw new Error(`not well-formed at ${at}: ${body.slice(at, at + 40)}`);
    at = token.lastIndex;
    const [, closing, name, attrText, selfClosing, chars] = m;
    const top = stack.at(-1) as XmlNode;
    if (chars !== undefined) {
      if (ENTITY.test(chars)) throw new Error(`bare & in text: ${chars}`);
      top.text += decode(chars);
    } else if (closing) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
    } else {
      const attrs: Record<string, string> = {};
      for (const [, key, value] of (attrText ?? '').matchAll(/([\w:.-]+)="([^"]*)"/g)) {
        if (ENTITY.test(value ?? '')) throw new Error(`bare & in attribute: ${value}`);
        attrs[key as string] = decode(value ?? '');
      }
      const node: XmlNode = { name: name as string, attrs, children: [], text: '' };
      top.children.push(node);
      if (!selfClosing) stack.push(node);
    }
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack.at(-1)?.name}>`);
  const [doc] = root.children;
  if (!doc || root.children.length !== 1) throw new Error('not one root element');
  return doc;
}

/** Each <url> of a sitemap: its loc and its hreflang alternates. */
async function sitemap(host: string) {
  const res = await get('/sitemap.xml', host);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  const doc = parseXml(res.body);
  expect(doc.name).toBe('urlset');
  expect(doc.attrs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  expect(doc.attrs['xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
  return doc.children.map((url) => {
    expect(url.name).toBe('url');
    const loc = url.children.find((c) => c.name === 'loc')?.text ?? '';
    const links = url.children.filter((c) => c.name === 'xhtml:link');
    for (const link of links) expect(link.attrs.rel).toBe('alternate');
    const pairs = links.map((l) => [l.attrs.hreflang ?? '', l.attrs.href ?? ''] as const);
    return { loc, links: Object.fromEntries(pairs) as Record<string, string> };
  });
}

/** Whether a robots.txt rule (prefix, `*` for any run) covers a path, as Google reads it. */
const covers = (rule: string, path: string) =>
  new RegExp(
    `^${rule
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}`,
  ).test(path);

describe('issue 24 SEO: robots.txt per site', () => {
  it('issue 24 SEO: keeps crawlers out of the API, /dev and members areas and names the sitemap of the host', async () => {
    const res = await get('/robots.txt', 'localhost:3000', { accept: 'text/html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    expect(res.body).not.toContain('<html');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const rule of ['/api/', '/dev/', '/chats', '/likes', '/settings', '/credits', '/members/*/chat']) {
      expect(lines).toContain(`Disallow: ${rule}`);
    }
    // Profiles stay fetchable: their share previews (M-05) and their noindex need it.
    expect(lines.some((l) => l.startsWith('Disallow:') && covers(l.slice(10), '/members/27'))).toBe(false);
    expect(lines).toContain('Sitemap: http://localhost:3000/sitemap.xml');

    const other = await get('/robots.txt', '127.0.0.1');
    expect(other.body).toContain('Sitemap: http://127.0.0.1/sitemap.xml');
    const third = await get('/robots.txt', ESCAPE_HOST);
    expect(third.body).toContain(`Sitemap: http://${ESCAPE_HOST}/sitemap.xml`);
  });

  it('issue 24 SEO: a Host no site has gets the default site with its own domain, never the claimed one', async () => {
    const res = await get('/robots.txt', 'evil.example');
    expect(res.body).toContain('Sitemap: https://localhost/sitemap.xml');
    expect(res.body).not.toContain('evil.example');
    const map = await sitemap('evil.example');
    for (const url of map) expect(url.loc.startsWith('https://localhost/')).toBe(true);
  });

  it('issue 24 SEO: no Disallow rule covers a page the sitemap lists', async () => {
    const rules = disallowedPaths();
    for (const host of ['localhost', '127.0.0.1', ESCAPE_HOST]) {
      for (const { loc } of await sitemap(host)) {
        const path = new URL(loc).pathname;
        expect(rules.filter((rule) => covers(rule, path))).toEqual([]);
      }
    }
  });
});

describe('issue 24 SEO: sitemap.xml per site', () => {
  const pathsOf = (map: { loc: string }[]) => [...new Set(map.map((u) => new URL(u.loc).pathname))];

  it('issue 24 SEO: lists the public pages of the site, each in every locale with the whole hreflang set', async () => {
    const map = await sitemap('localhost');
    const paths = pathsOf(map);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/members',
        ...STATIC_PAGES.map((p) => `/pages/${p}`),
        '/pricing',
        '/landers/tinderswipe',
        '/signup',
      ]),
    );
    for (const p of ['/chats', '/likes', '/credits', '/settings', '/profile', '/login', '/complete-signup']) {
      expect(paths).not.toContain(p);
    }
    expect(paths.some((p) => p.startsWith('/members/'))).toBe(false);
    expect(map).toHaveLength(paths.length * LOCALES.length);

    const home = map.filter((u) => new URL(u.loc).pathname === '/');
    expect(home.map((u) => u.loc).sort()).toEqual(
      [
        'http://localhost/',
        ...LOCALES.filter((l) => l !== 'nl').map((l) => `http://localhost/?lang=${l}`),
      ].sort(),
    );
    for (const url of map) {
      expect(Object.keys(url.links).sort()).toEqual([...LOCALES, 'x-default'].sort());
      // Its own address is among its alternates, and every alternate is absolute on this host.
      expect(Object.values(url.links)).toContain(url.loc);
      for (const href of Object.values(url.links)) expect(href.startsWith('http://localhost/')).toBe(true);
    }
    const pricing = map.find((u) => u.loc === 'http://localhost/pricing?lang=de');
    expect(pricing?.links).toMatchObject({
      nl: 'http://localhost/pricing',
      de: 'http://localhost/pricing?lang=de',
      'x-default': 'http://localhost/pricing',
    });
  });

  it('issue 24 SEO D-02: a site without logged-out search leaves the search out', async () => {
    const paths = pathsOf(await sitemap('127.0.0.1'));
    expect(paths).not.toContain('/members');
    expect(paths).toContain('/pricing');
  });

  it("issue 24 SEO: a site in another language has that language's addresses without ?lang=", async () => {
    const map = await sitemap(ESCAPE_HOST);
    const terms = map.find((u) => u.loc === `http://${ESCAPE_HOST}/pages/terms`);
    expect(terms?.links.de).toBe(`http://${ESCAPE_HOST}/pages/terms`);
    expect(terms?.links.nl).toBe(`http://${ESCAPE_HOST}/pages/terms?lang=nl`);
    expect(siteLocales({ domainLanguage: 'de' })[0]).toBe('de');
  });

  it('issue 24 SEO: XML escaping of text and attributes holds against hostile values', () => {
    const hostile = `a&b <c> "d" 'e' \u0000\u0008 &amp;`;
    const doc = parseXml(
      `<?xml version="1.0" encoding="UTF-8"?>\n<x v="${escapeXml(hostile)}">${escapeXml(hostile)}</x>`,
    );
    expect(doc.attrs.v).toBe(`a&b <c> "d" 'e'  &amp;`);
    expect(doc.text).toBe(`a&b <c> "d" 'e'  &amp;`);
    expect(() => parseXml('<?xml version="1.0" encoding="UTF-8"?>\n<x>a & b</x>')).toThrow();
  });
});

describe('issue 24 SEO: ?lang= in a page address chooses its locale', () => {
  const htmlLang = async (url: string, headers: Record<string, string> = {}) => {
    const res = await get(url, 'localhost', { accept: 'text/html', ...headers });
    expect(res.statusCode).toBe(200);
    return /<html lang="([a-z]{2})"/.exec(res.body)?.[1];
  };

  it('issue 24 SEO I-02: a supported ?lang= wins over the cookie and the browser on a page', async () => {
    const cookie = { cookie: 'i18n_redirected=nl', 'accept-language': 'fr' };
    expect(await htmlLang('/pricing', cookie)).toBe('nl');
    expect(await htmlLang('/pricing?lang=de', cookie)).toBe('de');
    expect(await htmlLang('/members?ref=x&lang=sv', cookie)).toBe('sv');
    expect(await htmlLang('/?lang=nb')).toBe('nb');
    const manifest = await get('/manifest.webmanifest?lang=fi', 'localhost', cookie);
    expect(manifest.json()).toMatchObject({ lang: 'fi' });
  });

  it('issue 24 SEO: anything but an exact locale code is ignored', async () => {
    const cookie = { cookie: 'i18n_redirected=it' };
    for (const bogus of ['xx', 'DE', 'de-DE', 'no', '%3Cscript%3E', '', 'de%00']) {
      expect(await htmlLang(`/pricing?lang=${bogus}`, cookie), bogus).toBe('it');
    }
    // The first value counts, as URLSearchParams reads it.
    expect(await htmlLang('/pricing?lang=es&lang=fr', cookie)).toBe('es');
    expect(await htmlLang('/pricing?xlang=de', cookie)).toBe('it');
  });

  it('issue 24 SEO: a form post keeps the visitor language whatever its address says', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login?lang=de',
      headers: { host: 'localhost', origin: 'https://evil.example', cookie: 'i18n_redirected=nl' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(text('nl', 'error.cross_origin'));
  });
});

describe('issue 24 SEO: route indexing', () => {
  it('issue 24 SEO: public pages are indexable, members own pages and profiles are not', () => {
    for (const name of ['index', 'members', 'pricing', 'signup', 'landers-tinderswipe']) {
      expect(isIndexable(name), name).toBe(true);
    }
    for (const page of STATIC_PAGES) expect(isIndexable(`pages-${page}`)).toBe(true);
    for (const name of [
      'members-id',
      'members-id-chat',
      'chats',
      'chats-id',
      'likes',
      'credits',
      'settings',
      'profile',
      'complete-signup',
      'signup-matches',
      'swipe-game',
      'login',
      'no-such-route',
      'pages-nope',
      'landers-nope',
    ]) {
      expect(isIndexable(name), name).toBe(false);
    }
    expect(isIndexable('members', { loggedOutSearch: false })).toBe(false);
    expect(isIndexable('members', { loggedOutSearch: true })).toBe(true);
    expect(routeIndexing('members-id')).toBe('noindex');
    expect(routeIndexing('chats-id')).toBe('private');
  });
});
