import type { FastifyInstance } from 'fastify';
import { ROUTES, type RouteName, routePath, STATIC_PAGES } from '../../shared/routes.ts';
import { alternates, escapeXml, localeUrl, siteDefaultLocale, siteLocales } from './seo-head.ts';
import type { SiteRow } from './site.ts';
import { siteOrigin } from './site.ts';

// Search engines and sharing (issue 24 §5): which pages are indexed, robots.txt and sitemap.xml per site.
// The head tags of a page are in seo-head.ts.

export * from './seo-head.ts';

/**
 * - `index`: public; indexed, and in the sitemap when its address needs no parameter.
 * - `noindex`: open to anyone but not a search result. Crawlers may still fetch it: a shared profile link
 *   needs its preview (M-05), and a page they cannot fetch cannot tell them it is noindex.
 * - `private`: a member's own area: noindex, and robots.txt keeps crawlers out.
 */
export type Indexing = 'index' | 'noindex' | 'private';

/** Landers and static pages are public by their name; every other route is decided here. */
type Decided = Exclude<RouteName, `landers-${string}` | `pages-${string}`>;

// `satisfies` the whole set: a new route does not type-check until someone has said whether it is public.
const ROUTE_INDEXING = {
  index: 'index',
  members: 'index',
  pricing: 'index',
  // Only the first step; the steps after it belong to an account.
  signup: 'index',
  login: 'noindex',
  'lang-config': 'noindex',
  complaints: 'noindex',
  premium: 'noindex',
  'members-id': 'noindex',
  // Paid traffic's pages around one member (L-08): shared and previewed, never in a search index.
  'members-id-landing': 'noindex',
  'members-id-landing2-slug': 'noindex',
  'members-id-landing3-slug': 'noindex',
  'members-id-signup': 'noindex',
  'reset-password': 'noindex',
  'reset-password-do': 'noindex',
  'activate-done': 'noindex',
  'activate-error': 'noindex',
  'mail-change-do': 'noindex',
  'account-deleted': 'noindex',
  'complete-signup': 'private',
  'signup-matches': 'private',
  settings: 'private',
  profile: 'private',
  credits: 'private',
  'credits-repeat-order': 'private',
  'credits-id-paymentmethod': 'private',
  directdebit: 'private',
  'transactions-id': 'private',
  'test-checkout': 'private',
  chats: 'private',
  'chats-id': 'private',
  'members-id-chat': 'private',
  likes: 'private',
  'likes-type': 'private',
  'likes-m-id': 'private',
  'swipe-game': 'private',
  'match-finder': 'private',
  notifications: 'private',
} as const satisfies Record<Decided, Indexing>;

/** How search engines treat a route; a name the app does not know is not indexed. */
export function routeIndexing(name: string): Indexing {
  // A lander under another niche's prefix only sends the visitor on (decision 0029).
  if (name === 'landers-niche-name-slug') return 'noindex';
  if (name.startsWith('landers-') && Object.hasOwn(ROUTES, name)) return 'index';
  if (name.startsWith('pages-')) {
    return (STATIC_PAGES as readonly string[]).includes(name.slice('pages-'.length)) ? 'index' : 'noindex';
  }
  return Object.hasOwn(ROUTE_INDEXING, name) ? ROUTE_INDEXING[name as Decided] : 'noindex';
}

/** Whether a route's pages are indexed; the search only on a site that lets visitors search (D-02). */
export function isIndexable(name: string, site?: Pick<SiteRow, 'loggedOutSearch'>): boolean {
  if (name === 'members' && site && !site.loggedOutSearch) return false;
  return routeIndexing(name) === 'index';
}

// ---------------------------------------------------------------- robots.txt and sitemap.xml

/** A route's path as a robots.txt rule: parameters as `*`, cut before an optional one or a trailing one. */
function robotsRule(path: string): string {
  const segments: string[] = [];
  for (const seg of path.split('/').filter(Boolean)) {
    if (seg.endsWith('?')) break;
    segments.push(seg.startsWith(':') ? '*' : seg);
  }
  while (segments.at(-1) === '*') segments.pop();
  return `/${segments.join('/')}`;
}

/** The Disallow rules: the API, the developer tools, and every members' area (a rule covering another is enough). */
export function disallowedPaths(): string[] {
  const rules = [
    '/api/',
    '/dev/',
    ...Object.entries(ROUTES)
      .filter(([name]) => routeIndexing(name) === 'private')
      .map(([, path]) => robotsRule(path)),
  ];
  const unique = [...new Set(rules)];
  return unique.filter((rule) => !unique.some((other) => other !== rule && rule.startsWith(other)));
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowedPaths().map((rule) => `Disallow: ${rule}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The public pages of a site that need no parameter, in route order (home, search, static pages, ...). */
export function sitemapPaths(site: Pick<SiteRow, 'loggedOutSearch'>): string[] {
  const paths = (Object.keys(ROUTES) as RouteName[])
    .filter((name) => isIndexable(name, site) && !/\/:[^/?]+(\/|$)/.test(ROUTES[name]))
    .map((name) => routePath(name));
  return [...new Set(paths)];
}

/** Each public page in each of the site's locales, every entry with the page's whole hreflang set. */
export function sitemapXml(
  site: Pick<SiteRow, 'loggedOutSearch' | 'domainLanguage'>,
  origin: string,
): string {
  const locales = siteLocales(site);
  const defaultLocale = siteDefaultLocale(site);
  const urls: string[] = [];
  for (const path of sitemapPaths(site)) {
    const links = alternates(origin, path, locales, defaultLocale)
      .map(
        (alt) =>
          `    <xhtml:link rel="alternate" hreflang="${escapeXml(alt.hreflang)}" href="${escapeXml(alt.href)}"/>`,
      )
      .join('\n');
    for (const locale of locales) {
      const loc = escapeXml(localeUrl(origin, path, locale, defaultLocale));
      urls.push(`  <url>\n    <loc>${loc}</loc>\n${links}\n  </url>`);
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * The origin of a site's addresses for a request (siteOrigin: the request's own host only when it is the
 * site's domain), reduced to scheme, host and port whatever else the Host header carried.
 */
export function seoOrigin(
  req: { host: string; protocol: string },
  site: SiteRow,
  publicUrl: string | undefined,
): string {
  const origin = siteOrigin(req, site, publicUrl);
  try {
    return new URL(origin).origin;
  } catch {
    return `https://${site.domain}`;
  }
}

/** Crawlers ask these rarely and they change only with a release or a site's settings. */
const CACHE = 'public, max-age=600';

/**
 * `GET /robots.txt` and `GET /sitemap.xml` for the requesting site. Registered before the web's not-found
 * handler, which would otherwise answer them with the app's shell.
 */
export function registerSeo(app: FastifyInstance) {
  app.get('/robots.txt', { schema: { hide: true } }, async (req, reply) => {
    const site = await app.sites(req.host);
    const origin = seoOrigin(req, site, app.config.publicUrl);
    return reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(robotsTxt(origin));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
    const site = await app.sites(req.host);
    const origin = seoOrigin(req, site, app.config.publicUrl);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE)
      .send(sitemapXml(site, origin));
  });
}
