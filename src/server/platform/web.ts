import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { layoutOfRoute, shouldShowEntryWarning } from '../../shared/entry-warning.ts';
import { LOCALE_COOKIE, type Locale } from '../../shared/i18n/locales.ts';
import { matchRoute } from '../../shared/routes.ts';
import { appLoader, ENTRY_SCRIPT_TAG } from './app-loader.ts';
import { addressLocaleOf, linkedHtml, pageLocale, t } from './i18n.ts';
import { answerInPage, type PageRequest } from './in-page.ts';
import { compressPage } from './page-compression.ts';
import { cspWithImageOrigin, cspWithScriptNonce } from './security-headers.ts';
import { isIndexable, seoOrigin } from './seo.ts';
import { escapeHtml, mediaUrl, seoHead, siteLocales } from './seo-head.ts';
import { readSession, SESSION_COOKIE, type SessionUser } from './session.ts';
import { entryWarningShell } from './shell-entry-warning.ts';
import type { SiteRow } from './site.ts';
import { catalogChunks, layoutChunks, readManifest } from './web-chunks.ts';

/** A member's profile, and their landing pages (L-08): a shared link of each previews the member. */
const MEMBER_PATH = /^\/members\/(\d{1,10})(?:\/landing|\/landing[23](?:\/[^/]+)?|\/signup)?\/?$/;
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * The site's colours on the page's root element, so the server's HTML paints in them before any
 * JavaScript. Only plain hex colours reach the style attribute.
 */
function shellTheme(site: SiteRow): string {
  const vars: string[] = [];
  // The app's stylesheet reads --site-*, the entry warning's inline styles --shell-* (theme.ts, P-14).
  if (HEX_COLOUR.test(site.themePrimary))
    vars.push(`--shell-primary:${site.themePrimary};--site-primary:${site.themePrimary}`);
  if (HEX_COLOUR.test(site.themeSecondary))
    vars.push(`--shell-secondary:${site.themeSecondary};--site-secondary:${site.themeSecondary}`);
  return vars.join(';');
}

function iconSvg(site: SiteRow): string {
  // A spark on the site's colour: the app icon, drawn here so every site gets its own.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="96" fill="${site.themePrimary}"/><path d="M282 72 150 292h96l-22 148 138-226h-98z" fill="${site.themeSecondary}"/></svg>`;
}

/** The server's render of a page (src/web/entry-server.tsx, built to dist/ssr by `npm run build`). */
interface PageRenderer {
  render(input: {
    url: string;
    locale: Locale;
    fetch: (url: string, init: RequestInit) => Promise<Response>;
    settingsUrl: string;
    nonce: string;
  }): Promise<
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'browser' }
    | {
        kind: 'page';
        status: number;
        html: string;
        state: string;
        head: { title?: string; description?: string; image?: string | null };
        member: boolean;
      }
  >;
  iconSprite(html: string): string;
}

/** Request headers the in-process API call must not copy from the page's request. */
const NOT_FORWARDED = new Set([
  'accept',
  'accept-encoding',
  'content-length',
  'content-type',
  'connection',
  'if-none-match',
  'if-modified-since',
  'upgrade',
]);

/** The page request's context, resolved once for every answer its render asks in-process. */
type PageContext = Omit<PageRequest, 'req' | 'reply' | 'headers'>;

/** What a shared profile link shows (M-05), from the profiles feature (app.ts hands it over). */
export type ShareMetaSource = (
  db: FastifyInstance['db'],
  memberId: number,
  now: Date,
) => Promise<{ title: string; description?: string | null; imagePath?: string | null } | null>;

export async function registerWeb(app: FastifyInstance, webDir: string, shareMeta: ShareMetaSource) {
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
  // The entry's tag leaves the head: the app loader at the end of the body asks for it (app-loader.ts).
  const builtShell = hasWeb ? readFileSync(indexFile, 'utf8') : '';
  const entryScript = ENTRY_SCRIPT_TAG.exec(builtShell)?.[1] ?? null;
  const shell = builtShell.replace(ENTRY_SCRIPT_TAG, '');
  const ssrFile = join(webDir, '../ssr/entry-server.js');
  const renderer: PageRenderer | null = existsSync(ssrFile)
    ? ((await import(pathToFileURL(ssrFile).href)) as PageRenderer)
    : null;
  const manifest = readManifest(webDir);
  const catalogs = catalogChunks(manifest);

  /**
   * What a shared profile link shows (M-05): name, age and city, the start of the about text, and the main
   * image only when it is approved (spec §4). Asked for any `/members/{id}` address, for visitors too.
   */
  async function profileShare(req: FastifyRequest, site: SiteRow, origin: string) {
    const id = Number(MEMBER_PATH.exec(req.url.split('?')[0] ?? '')?.[1]);
    if (!(id > 0 && id <= 2_147_483_647)) return null;
    const meta = await shareMeta(app.db, id, new Date()).catch((err: unknown) => {
      req.log.warn({ err }, 'share preview failed');
      return null;
    });
    if (!meta) return null;
    return {
      title: meta.title,
      description: meta.description ?? '',
      image: meta.imagePath ? mediaUrl(origin, site.cdnPrefix, meta.imagePath) : null,
    };
  }

  /**
   * The page's session, read once (pages are not API calls, so the session hook skips them): the viewer of
   * every answer the render asks in-process, and whether the page is a member's.
   */
  async function pageSession(
    req: FastifyRequest,
  ): Promise<{ user: SessionUser | null; bannedSession: number | null }> {
    return readSession(app.db, req.cookies?.[SESSION_COOKIE]).catch((err: unknown) => {
      req.log.warn({ err }, 'session lookup for the page failed');
      return { user: null, bannedSession: null };
    });
  }

  /**
   * The API, in-process, as the visitor asking for the page: their cookies, address and headers, so the
   * answers (and the rate limits) are the ones the browser's own calls would get. A cookie the API sets
   * (a session renewed) goes out with the page.
   */
  function visitorFetch(req: FastifyRequest, reply: FastifyReply, locale: Locale, page: PageContext) {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && !NOT_FORWARDED.has(name)) headers[name] = value;
    }
    // The answers the page is rendered from speak the page's language (texts in settings, errors).
    if (!req.cookies?.[LOCALE_COOKIE]) headers['accept-language'] = locale;
    const inPage = { req, reply, ...page, headers };
    return async (url: string, init: RequestInit): Promise<Response> => {
      // The first screen's answers by their handlers, with the page's context (platform/in-page.ts).
      if ((init.method ?? 'GET') === 'GET') {
        const answer = await answerInPage(app, inPage, url);
        if (answer) return answer;
      }
      const res = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
        remoteAddress: req.socket.remoteAddress ?? '127.0.0.1',
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      });
      const cookies = res.headers['set-cookie'];
      if (cookies) {
        const previous = reply.getHeader('set-cookie');
        const had = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
        reply.header('set-cookie', [...had, ...(Array.isArray(cookies) ? cookies : [cookies])]);
      }
      const empty = res.statusCode === 204 || res.statusCode === 304;
      return new Response(empty ? null : res.body, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
      });
    };
  }

  /** The settings the browser's app asks first (web api/site.ts: the page's query plus `domain`). */
  const settingsUrl = (req: FastifyRequest) => {
    const params = new URLSearchParams(req.url.split('?')[1] ?? '');
    params.set('domain', req.hostname);
    return `/api/settings?${params}`;
  };

  async function sendPage(req: FastifyRequest, reply: FastifyReply, status: number) {
    if (!hasWeb) {
      return reply
        .status(status === 200 ? 503 : status)
        .type('text/plain')
        .send('The web app is not built: run npm run build.');
    }
    const site = await app.sites(req.host);
    // One language for the entry warning, the page and the app (I-02, I-03).
    const locale = pageLocale(
      req.cookies ?? {},
      req.headers['accept-language'],
      site,
      req.geoCountry(site),
      addressLocaleOf(req),
    );
    const origin = seoOrigin(req, site, app.config.publicUrl);
    // Also on a 404 page: a profile link works before the web app names the route.
    const share = await profileShare(req, site, origin);
    const catalog = catalogs.get(locale);
    const route = matchRoute(req.url.split('?')[0] ?? '/');
    let body = '';
    let head = '';
    let state = '';
    let title = site.indexTitle;
    let pageHead: { description?: string; image?: string | null } = {};
    // Told by the render (its session answer); asked of the database only when there is none.
    let member: boolean | null = null;
    const nonce = randomBytes(16).toString('base64');
    const session = await pageSession(req);
    if (renderer) {
      try {
        const context = {
          site,
          now: new Date(),
          viewer: session.user,
          bannedSession: session.bannedSession,
        };
        const page = await renderer.render({
          url: `${req.protocol}://${req.host}${req.url}`,
          locale,
          fetch: visitorFetch(req, reply, locale, context),
          settingsUrl: settingsUrl(req),
          nonce,
        });
        if (page.kind === 'redirect') {
          return reply.header('cache-control', 'private, no-store').redirect(page.location, page.status);
        }
        if (page.kind === 'page') {
          if (page.status === 404) status = 404;
          // React puts the resources a page asks for (its first photos' preloads) before the page's HTML;
          // they belong in the head, where they start the downloads as early as the parser sees them.
          const hoisted = /^(?:<link [^>]*>|<meta [^>]*>)+/.exec(page.html)?.[0] ?? '';
          head = hoisted;
          body = page.html.slice(hoisted.length) + renderer.iconSprite(page.html);
          state = `<script type="application/json" id="vonk-state">${page.state}</script>`;
          title = page.head.title ?? title;
          pageHead = page.head;
          member = page.member;
        }
      } catch (err) {
        // The page could not be rendered here: the error page, with the status it deserves, and the app,
        // which renders the page itself in the browser (and shows its own error page if that fails too).
        req.log.error({ err }, 'server render failed');
        status = 500;
        body = `<main style="font-family:system-ui;padding:2rem;max-width:32rem;margin:auto"><h1>${escapeHtml(t(locale, 'error.general'))}</h1><p><a href="/">${escapeHtml(t(locale, 'error.home'))}</a></p></main>`;
      }
    }
    // A banned member's session still makes the page theirs: never stored (as before, a live session).
    member ??= session.user !== null || session.bannedSession !== null;
    const warning = shouldShowEntryWarning({
      layout: layoutOfRoute(route),
      routeName: route,
      // Read in the browser by the shell's script: a skip stored before, the installed app.
      skippedAt: null,
      standalone: false,
      loggedIn: member,
      enabled: site.enableSiteEntryPopup,
      country: req.geoCountry(site),
      countries: site.countries,
    })
      ? entryWarningShell({
          title: escapeHtml(t(locale, 'entry.title')),
          adult: escapeHtml(t(locale, 'entry.adult', { site: site.name, min_age: site.minAge })),
          fictional: escapeHtml(t(locale, 'entry.fictional', { site: site.name })),
          agree: linkedHtml(locale, 'entry.agree_linked', {
            terms: '/pages/terms',
            privacy: '/pages/privacy',
          }),
          enter: escapeHtml(t(locale, 'entry.enter', { min_age: site.minAge })),
          leave: escapeHtml(t(locale, 'entry.leave')),
        })
      : '';
    const chunks = [...(catalog ? [catalog] : []), ...layoutChunks(manifest)];
    const tags = seoHead({
      site,
      origin,
      path: req.url,
      locale,
      locales: siteLocales(site),
      title: share?.title ?? title,
      description: share ? share.description : (pageHead.description ?? site.description),
      image: share?.image ?? (pageHead.image ? new URL(pageHead.image, origin).href : null),
      // Members' own pages and profiles are not for search engines; neither is an unknown address.
      noindex: status !== 200 || !route || !isIndexable(route, site),
      type: share ? 'profile' : 'website',
    });
    const html = shell
      .replace('__NOSCRIPT__', () => escapeHtml(t(locale, 'app.noscript', { site: site.name })))
      .replace('<html lang="nl">', () => `<html lang="${locale}" style="${shellTheme(site)}">`)
      .replace(/<title>[^<]*<\/title>\s*<meta name="description" content="__DESCRIPTION__" \/>/, () => tags)
      .replace('content="__THEME__"', () => `content="${escapeHtml(site.themePrimary)}"`)
      // A function, so "$&" in a member's name is not a replacement pattern.
      .replace('</head>', () => `${head}</head>`)
      // Last, so the replacements above search the small shell, not the page's tens of kilobytes. Before
      // the root: the warning opens while the page is parsed, before the first paint. After it, the app.
      .replace(
        '<div id="root"></div>',
        () =>
          `${warning}<div id="root">${body}</div>${state}${entryScript ? appLoader(entryScript, chunks, nonce) : ''}`,
      );
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      const withNonce = cspWithScriptNonce(csp, nonce);
      reply.header(
        'content-security-policy',
        site.cdnPrefix ? cspWithImageOrigin(withNonce, site.cdnPrefix) : withNonce,
      );
    }
    return (
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        // A member's page is theirs alone; a visitor's differs by language and by session cookie.
        .header('cache-control', member ? 'private, no-store' : 'no-cache')
        .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
        .send(await compressPage(html, req.headers['accept-encoding'], reply))
    );
  }

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const known = req.method === 'GET' && !path.startsWith('/api/') && matchRoute(path) !== null;
    if (known) return sendPage(req, reply, 200);
    if (req.method === 'GET' && !path.startsWith('/api/') && req.headers.accept?.includes('text/html')) {
      return sendPage(req, reply, 404);
    }
    const site = await app.sites(req.host).catch(() => undefined);
    const locale = site ? req.locale(site) : 'nl';
    return reply.status(404).send({ error: { code: 'not_found', message: t(locale, 'error.not_found') } });
  });
}
