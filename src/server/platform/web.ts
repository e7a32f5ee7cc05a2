import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { layoutOfRoute, shouldShowEntryWarning } from '../../shared/entry-warning.ts';
import { matchRoute, type RouteName, STATIC_PAGES } from '../../shared/routes.ts';
import { searchMembers } from '../features/discovery/service.ts';
import { getShareMeta } from '../features/profiles/service.ts';
import { getShowcase } from '../features/profiles/showcase.ts';
import type { SiteRow } from '../features/site/queries.ts';
import { t } from './i18n.ts';
import { cspWithImageOrigin } from './security-headers.ts';
import { findSessionUser, SESSION_COOKIE } from './session.ts';
import { entryWarningShell } from './shell-entry-warning.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const MEMBER_PATH = /^\/members\/(\d{1,10})\/?$/;
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * The site's colours for the inline shell of index.html, which paints before any JavaScript (a bar and a
 * skeleton; React replaces it on its first render). Only plain hex colours reach the style attribute.
 */
function shellTheme(site: SiteRow): string {
  const vars: string[] = [];
  if (HEX_COLOUR.test(site.themePrimary)) vars.push(`--shell-primary:${site.themePrimary}`);
  if (HEX_COLOUR.test(site.themeSecondary)) vars.push(`--shell-secondary:${site.themeSecondary}`);
  return vars.join(';');
}

function iconSvg(site: SiteRow): string {
  // A spark on the site's colour: the app icon, drawn here so every site gets its own.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="96" fill="${site.themePrimary}"/><path d="M282 72 150 292h96l-22 148 138-226h-98z" fill="${site.themeSecondary}"/></svg>`;
}

/** Vite's manifest of the built web app (source module → its file, the files it imports). */
type Manifest = Record<string, { file?: string; imports?: string[]; isEntry?: boolean }>;

function readManifest(webDir: string): Manifest {
  const file = join(webDir, '.vite/manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
}

/**
 * The built catalog chunk of each locale, from Vite's manifest (`messages-<locale>-<hash>.js`). The page
 * preloads the one of its locale, so the catalog downloads beside the app's code instead of after it.
 */
function catalogChunks(manifest: Manifest): Map<string, string> {
  const chunks = new Map<string, string>();
  for (const [source, entry] of Object.entries(manifest)) {
    const locale = /\/i18n\/messages\/([a-z]{2})\.json$/.exec(source)?.[1];
    if (locale && entry.file) chunks.set(locale, `/${entry.file}`);
  }
  return chunks;
}

/**
 * The page modules of the routes a visitor opens first (the web router, src/web/router.tsx, loads the
 * same files lazily). Other routes preload the layouts only.
 */
const FIRST_PAGES: Partial<Record<RouteName, string>> = {
  index: 'features/site/home-page.tsx',
  members: 'features/discovery/members-page.tsx',
  'members-id': 'features/profiles/member-page.tsx',
  signup: 'features/accounts/signup-page.tsx',
  login: 'features/accounts/login-page.tsx',
  ...Object.fromEntries(STATIC_PAGES.map((page) => [`pages-${page}`, 'features/site/static-page.tsx'])),
};
/** Every page renders inside a layout and the root chrome (loading bar, scroll restoration). */
const LAYOUT_MODULES = ['layouts/layouts.tsx', 'layouts/root-chrome.tsx'];

/**
 * The chunks a route's first render needs beyond the entry: layouts and page module with the chunks they
 * import, in the order they are needed. Preloaded with the HTML, they download beside the entry instead of
 * in waves after it has run (P-01).
 */
export function routeChunks(manifest: Manifest, route: RouteName | null): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (seen.has(key) || !entry?.file || entry.isEntry) return;
    seen.add(key);
    files.push(`/${entry.file}`);
    for (const dep of entry.imports ?? []) visit(dep);
  };
  const page = route ? FIRST_PAGES[route] : undefined;
  // The site-entry warning needs none of the app's dialog code: it comes with the shell (L-04).
  for (const key of [...LAYOUT_MODULES, ...(page ? [page] : [])]) visit(key);
  return files;
}

// The page's chunks at low priority: the shell draws the first screen, so its photos, the stylesheet and the
// entry come first on a slow line, and the chunks follow (decision 0018).
const modulePreload = (href: string) =>
  `<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeHtml(href)}" />\n  `;

/**
 * The settings answer the app asks for first (web api/site.ts: the page's query plus `domain`), preloaded
 * so it arrives while the app's code downloads rather than after it has run (P-01).
 */
export function settingsPreload(url: string, hostname: string): string {
  const params = new URLSearchParams(url.split('?')[1] ?? '');
  params.set('domain', hostname);
  return `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(`/api/settings?${params}`)}" />\n  `;
}

/**
 * The session answer (web api/session.ts), asked beside the settings before the first render: preloaded
 * too, so the first screen (visitor or member) and the search answer that waits for it start a round trip
 * earlier (P-01). Same origin, so it carries the cookies the app's own call would.
 */
const SESSION_PRELOAD = '<link rel="preload" as="fetch" crossorigin href="/api/user.php" />\n  ';

/**
 * The search grid's answer on a plain `/members` (P-01: its first photos are the page's largest paint):
 * the app asks `/api/members` with no filters when the address has none and no traffic source was stored
 * (web features/discovery/search-query.ts). Only where visitors may search (D-02); a visit whose address
 * carries filters or a traffic source asks another query, so nothing is preloaded for it.
 */
export function searchPreload(route: RouteName | null, url: string, site: Pick<SiteRow, 'loggedOutSearch'>) {
  const plain = !url.includes('?') || url.endsWith('?');
  return route === 'members' && plain && site.loggedOutSearch
    ? '<link rel="preload" as="fetch" crossorigin href="/api/members" />\n  '
    : '';
}

/**
 * A profile's answer (web api/profiles.ts asks `/api/members/<id>` on the profile page), preloaded so it
 * arrives while the app's code downloads, not after the page has rendered its skeleton (P-01). It carries
 * the visitor's cookies like the app's own call, so a member gets their own view.
 */
export function memberPreload(route: RouteName | null, url: string): string {
  const id = Number(MEMBER_PATH.exec(url.split('?')[0] ?? '')?.[1]);
  return route === 'members-id' && id > 0 && id <= 2_147_483_647
    ? `<link rel="preload" as="fetch" crossorigin href="/api/members/${id}" />\n  `
    : '';
}

/**
 * Serves the built web app: hashed assets for a year, the SPA for known routes (200) and the same
 * shell with a real 404 status for anything else. Per-site title, language, manifest and icons.
 */
/**
 * What the inline shell shows of a visitor's first page before the app runs (P-01, decision 0018): the
 * first photos, drawn where the app draws them, so the page's largest paint waits for the photo and not
 * for the app's code. `head` holds the matching preloads.
 */
interface FirstScreen {
  head: string;
  page: 'home' | 'search' | 'member' | null;
  /** The hero's first portrait (home). */
  hero: string;
  /** The first cards of the grid in answer order: a photo address or null (search); the main photo (member). */
  cards: (string | null)[];
}
const NO_FIRST_SCREEN: FirstScreen = { head: '', page: null, hero: '', cards: [] };
/** The shell's grid has this many cards. */
const SHELL_CARDS = 4;
const SHELL_CARD = '<div class="vs-card"></div>';

/** The shell with a first screen filled in: the page's class, the hero's portrait, the cards' photos. */
export function fillShell(shell: string, first: FirstScreen, image: (src: string) => string): string {
  if (!first.page) return shell;
  let html = shell
    .replace('class="vs-shell"', `class="vs-shell vs-${first.page}"`)
    .replace('<div class="vs-hero"></div>', () => `<div class="vs-hero">${first.hero}</div>`);
  if (first.page === 'member' && first.cards[0]) {
    const main = `<div class="vs-card vs-photo vs-main">${image(first.cards[0])}</div>`;
    html = html.replace(SHELL_CARD.repeat(SHELL_CARDS), () => main);
  } else if (first.cards.some(Boolean)) {
    const cards = Array.from({ length: SHELL_CARDS }, (_, i) => {
      const src = first.cards[i];
      return src ? `<div class="vs-card vs-photo">${image(src)}</div>` : SHELL_CARD;
    });
    html = html.replace(SHELL_CARD.repeat(SHELL_CARDS), () => cards.join(''));
  }
  return html;
}

export async function registerWeb(app: FastifyInstance, webDir: string) {
  const icons = new Map<string, Buffer>();

  app.get('/manifest.webmanifest', async (req, reply) => {
    const site = await app.sites(req.host);
    const locale = req.locale(site);
    reply.header('content-type', 'application/manifest+json').header('cache-control', 'public, max-age=3600');
    return {
      name: site.name,
      short_name: site.name,
      description: t(locale, 'app.manifest_description', { site: site.name }),
      lang: locale,
      start_url: '/?source=pwa',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: site.themePrimary,
      icons: [192, 512].flatMap((size) => [
        { src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' },
        { src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' },
      ]),
    };
  });

  app.get<{ Params: { size: string } }>('/icons/icon-:size.png', async (req, reply) => {
    const size = Number(req.params.size);
    if (![180, 192, 512].includes(size)) return reply.callNotFound();
    const site = await app.sites(req.host);
    const key = `${site.id}:${site.themePrimary}:${site.themeSecondary}:${size}`;
    let png = icons.get(key);
    if (!png) {
      png = await sharp(Buffer.from(iconSvg(site)))
        .resize(size, size)
        .png()
        .toBuffer();
      icons.set(key, png);
    }
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', 'public, max-age=86400')
      .send(png);
  });

  const indexFile = join(webDir, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      serve: true,
      // The build writes .br and .gz copies (scripts/vite-precompress.ts): sent as they are, with Vary.
      preCompressed: true,
      setHeaders(res, path) {
        if (path.includes(`${join(webDir, 'assets')}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'public, max-age=0, must-revalidate');
      },
    });
  }
  const shell = hasWeb ? readFileSync(indexFile, 'utf8') : '';
  // The first portraits of the pages a visitor opens first, per site (and, for the search, per GeoIP
  // country), asked of the database at most once a minute (the showcase answer itself is cached publicly
  // for a minute too). A page without portraits yet asks again next time.
  const portraits = new Map<string, { until: number; srcs: (string | null)[] }>();
  // One lookup at a time per page: a burst of first visits waits for the same answer instead of each
  // asking the database.
  const looking = new Map<string, Promise<(string | null)[]>>();
  async function firstPortraits(
    req: FastifyRequest,
    key: string,
    find: () => Promise<{ thumb_url: string | null }[]>,
    count: number,
  ): Promise<(string | null)[]> {
    const known = portraits.get(key);
    if (known && known.until >= Date.now()) return known.srcs;
    let lookup = looking.get(key);
    if (!lookup) {
      lookup = find()
        .then(
          (members) => {
            // The first `count` answers in order, with or without a photo (the shell draws them in place).
            const srcs = members.slice(0, count).map((m) => m.thumb_url);
            if (srcs.some(Boolean)) portraits.set(key, { until: Date.now() + 60_000, srcs });
            return srcs;
          },
          (err: unknown) => {
            req.log.warn({ err }, 'first portraits for the page failed');
            return [];
          },
        )
        .finally(() => looking.delete(key));
      looking.set(key, lookup);
    }
    return lookup;
  }
  const imagePreload = (src: string) =>
    `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(src)}" />\n  `;

  /** An image of the shell: decoded at once, never lazy; the app later draws the same file in place. */
  const shellImage = (src: string) =>
    `<img src="${escapeHtml(src)}" alt="" width="360" height="480" fetchpriority="high" decoding="sync" />`;

  /**
   * A visitor's home page (P-01): its largest paint is the first portrait of the hero, which the app only
   * asks for after its code has run, the showcase has arrived and the hero has rendered: three round trips
   * on a phone. The showcase answer and that portrait now download with the HTML, and the shell shows the
   * portrait where the hero will (decision 0018), so it is on screen before any JavaScript has run. Members
   * are sent on to the search grid, so they get neither; a visitor whose cookie's session has ended is a
   * visitor.
   */
  async function homePreloads(req: FastifyRequest, site: SiteRow, loggedIn: boolean): Promise<FirstScreen> {
    if (loggedIn) return NO_FIRST_SCREEN;
    const firsts = await firstPortraits(
      req,
      `home:${site.id}`,
      async () =>
        (await getShowcase(app.db, site.countries, { cdnPrefix: site.cdnPrefix, now: new Date() })).members,
      24,
    );
    const portrait = firsts.find((src) => src !== null);
    return {
      head: `<link rel="preload" as="fetch" crossorigin href="/api/showcase" />\n  ${portrait ? imagePreload(portrait) : ''}`,
      page: 'home',
      hero: portrait ? shellImage(portrait) : '',
      cards: [],
    };
  }

  /**
   * A visitor's plain search page (P-01): its largest paint is one of the first cards' photos, which the
   * app asks for only once the search answer is in and the grid has rendered. The first photos of the
   * answer (two: the first row on a phone) now download with the HTML, beside the preloaded search
   * answer, and the shell's grid shows them in their cards. Members search with their own defaults and
   * blocks, so only visitors get them.
   */
  async function searchPortraits(
    req: FastifyRequest,
    route: RouteName | null,
    site: SiteRow,
    loggedIn: boolean,
  ): Promise<FirstScreen> {
    if (!searchPreload(route, req.url, site) || loggedIn) return NO_FIRST_SCREEN;
    const geoCountry = req.geoCountry(site);
    const firsts = await firstPortraits(
      req,
      `search:${site.id}:${geoCountry}`,
      async () =>
        (await searchMembers(app.db, {}, { site, viewerId: null, geoCountry, now: new Date() })).page.results,
      SHELL_CARDS,
    );
    // The first two photos, in the cards they belong to; the cards after them stay placeholders.
    let shown = 0;
    const cards = firsts.map((src) => (src && shown++ < 2 ? src : null));
    return {
      head: cards.flatMap((src) => (src ? [imagePreload(src)] : [])).join(''),
      page: 'search',
      hero: '',
      cards,
    };
  }
  const manifest = readManifest(webDir);
  const catalogs = catalogChunks(manifest);

  /**
   * Open Graph tags for a shared profile link (M-05): name, age and city, the start of the about text,
   * and the main image only when it is approved (spec §4). Anyone else gets the plain shell.
   */
  async function shareTags(
    req: FastifyRequest,
    site: SiteRow,
  ): Promise<{ tags: string; photo: string | null }> {
    const none = { tags: '', photo: null };
    const id = Number(MEMBER_PATH.exec(req.url.split('?')[0] ?? '')?.[1]);
    if (!(id > 0 && id <= 2_147_483_647)) return none;
    const meta = await getShareMeta(app.db, id, new Date()).catch((err: unknown) => {
      req.log.warn({ err }, 'share preview failed');
      return null;
    });
    if (!meta) return none;
    const tag = (property: string, content: string) =>
      `<meta property="${property}" content="${escapeHtml(content)}" />`;
    const tags = [tag('og:title', meta.title)];
    let photo: string | null = null;
    if (meta.description) tags.push(tag('og:description', meta.description));
    if (meta.imagePath) {
      const base = /^https?:\/\//i.test(site.cdnPrefix)
        ? site.cdnPrefix
        : `${req.protocol}://${req.host}${site.cdnPrefix}`;
      tags.push(tag('og:image', `${base.replace(/\/+$/, '')}${meta.imagePath}`));
      // The profile page's main photo is its largest paint: it downloads beside the app's code (P-01).
      // Preloaded before the page's code (first screen, below): it is the page's largest paint.
      photo = `${site.cdnPrefix.replace(/\/+$/, '')}${meta.imagePath}`;
    }
    return { tags: tags.join('\n    '), photo };
  }

  /** A live session behind the cookie (pages are not API calls, so the session hook skips them). */
  async function hasSession(req: FastifyRequest): Promise<boolean> {
    const token = req.cookies?.[SESSION_COOKIE];
    if (!token || token.length > 100) return false;
    const user = await findSessionUser(app.db, token).catch((err: unknown) => {
      req.log.warn({ err }, 'session lookup for the shell failed');
      return null;
    });
    return user !== null && user.status !== 'deleted';
  }

  async function sendShell(req: FastifyRequest, reply: FastifyReply, status: number) {
    if (!hasWeb) {
      return reply
        .status(status === 200 ? 503 : status)
        .type('text/plain')
        .send('The web app is not built: run npm run build.');
    }
    const site = await app.sites(req.host);
    const locale = req.locale(site);
    // Also on a 404 shell: a profile link works before the web app names the route.
    const share = await shareTags(req, site);
    const catalog = catalogs.get(locale);
    const route = matchRoute(req.url.split('?')[0] ?? '/');
    const loggedIn = await hasSession(req);
    const first =
      route === 'index'
        ? await homePreloads(req, site, loggedIn)
        : share.photo
          ? // A profile's main photo, where the profile page draws it (decision 0018).
            { head: imagePreload(share.photo), page: 'member' as const, hero: '', cards: [share.photo] }
          : await searchPortraits(req, route, site, loggedIn);
    const warning = shouldShowEntryWarning({
      layout: layoutOfRoute(route),
      routeName: route,
      // Read in the browser by the shell's script: a skip stored before, the installed app.
      skippedAt: null,
      standalone: false,
      loggedIn,
      enabled: site.enableSiteEntryPopup,
      country: req.geoCountry(site),
      countries: site.countries,
    })
      ? entryWarningShell({
          title: escapeHtml(t(locale, 'entry.title')),
          adult: escapeHtml(t(locale, 'entry.adult', { site: site.name, min_age: site.minAge })),
          fictional: escapeHtml(t(locale, 'entry.fictional', { site: site.name })),
          agree: escapeHtml(t(locale, 'entry.agree')),
          enter: escapeHtml(t(locale, 'entry.enter', { min_age: site.minAge })),
          leave: escapeHtml(t(locale, 'entry.leave')),
        })
      : '';
    const chunks = [...(catalog ? [catalog] : []), ...routeChunks(manifest, route)];
    const html = fillShell(shell, first, shellImage)
      // Before the root: it opens while the page is parsed, before the first paint.
      .replace('<div id="root">', () => `${warning}<div id="root">`)
      .replace('<html lang="nl">', () => `<html lang="${locale}" style="${shellTheme(site)}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(site.indexTitle)}</title>`)
      .replace('content="__DESCRIPTION__"', `content="${escapeHtml(site.description)}"`)
      .replace('content="__THEME__"', `content="${escapeHtml(site.themePrimary)}"`)
      .replace('__SITE_NAME__', () => escapeHtml(site.name))
      // A function, so "$&" in a member's name is not a replacement pattern.
      .replace(
        '</head>',
        () =>
          `${settingsPreload(req.url, req.hostname)}${SESSION_PRELOAD}${searchPreload(route, req.url, site)}${memberPreload(route, req.url)}${first.head}${chunks.map(modulePreload).join('')}${share.tags}</head>`,
      );
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string' && site.cdnPrefix) {
      reply.header('content-security-policy', cspWithImageOrigin(csp, site.cdnPrefix));
    }
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  }

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const known = req.method === 'GET' && !path.startsWith('/api/') && matchRoute(path) !== null;
    if (known) return sendShell(req, reply, 200);
    if (req.method === 'GET' && !path.startsWith('/api/') && req.headers.accept?.includes('text/html')) {
      return sendShell(req, reply, 404);
    }
    const site = await app.sites(req.host).catch(() => undefined);
    const locale = site ? req.locale(site) : 'nl';
    return reply.status(404).send({ error: { code: 'not_found', message: t(locale, 'error.not_found') } });
  });
}
