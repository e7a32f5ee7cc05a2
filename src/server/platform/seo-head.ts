import {
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  toLocale,
  VISIBLE_LOCALES,
} from '../../shared/i18n/locales.ts';
import type { SiteRow } from './site.ts';

// The head of a page for search engines and shared links (issue 24 §5): a site's locales and addresses
// per locale, and the tags (title, description, canonical, hreflang, Open Graph, Twitter). Pure: the
// page's render passes what it knows.

/**
 * The locales a site's pages are offered in: all of them, as the footer's language picker offers every
 * visitor (issue 11), the site's own language first. One place, for when a site may narrow its set.
 */
export function siteLocales(site: Pick<SiteRow, 'domainLanguage'>): readonly Locale[] {
  const own = siteDefaultLocale(site);
  return [own, ...LOCALES.filter((l) => l !== own)];
}

/** The language of a site's addresses without `?lang=` (what a visitor without cookie or browser gets). */
export function siteDefaultLocale(site: Pick<SiteRow, 'domainLanguage'>): Locale {
  return toLocale(site.domainLanguage) ?? DEFAULT_LOCALE;
}

// ---------------------------------------------------------------- addresses

/** Query parameters that say where a visit came from, not what the page shows (P-08, ad networks). */
const TRACKING = new Set([
  'network',
  'ref',
  'sub1',
  'sub2',
  'sub3',
  'lb',
  'source',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'msclkid',
  'yclid',
  'ttclid',
  'twclid',
  'igshid',
  'li_fat_id',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
]);
const isTracking = (key: string) => TRACKING.has(key.toLowerCase()) || /^utm_/i.test(key);

/**
 * A page's own address: path and the query that changes what it shows, without tracking, `lang` (added
 * per locale), fragment or trailing slash. Only the path and query of the input are used, so `//host/x`
 * cannot point elsewhere.
 */
export function canonicalPath(path: string): string {
  let url: URL;
  try {
    url = new URL(path, 'http://canonical.invalid');
  } catch {
    return '/';
  }
  const kept = new URLSearchParams();
  for (const [key, value] of url.searchParams) {
    if (key !== 'lang' && !isTracking(key)) kept.append(key, value);
  }
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') || '/' : url.pathname;
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The absolute address of a page in one locale: `?lang=` only when it is not the site's own language. */
export function localeUrl(origin: string, path: string, locale: Locale, defaultLocale: Locale): string {
  const base = origin.replace(/\/+$/, '');
  const canonical = canonicalPath(path);
  if (locale === defaultLocale) return `${base}${canonical}`;
  return `${base}${canonical}${canonical.includes('?') ? '&' : '?'}lang=${locale}`;
}

/** The hreflang set of a page: each locale's address, and the address without `lang` as x-default. */
export function alternates(
  origin: string,
  path: string,
  locales: readonly Locale[],
  defaultLocale: Locale,
): { hreflang: string; href: string }[] {
  return [
    ...locales.map((l) => ({ hreflang: l, href: localeUrl(origin, path, l, defaultLocale) })),
    { hreflang: 'x-default', href: `${origin.replace(/\/+$/, '')}${canonicalPath(path)}` },
  ];
}

/**
 * A media path as an absolute URL, as a shared link needs it: on the site's CDN when `cdn_prefix` is one,
 * else on the page's origin (the same rule as the shared profile's og:image, M-05).
 */
export function mediaUrl(origin: string, cdnPrefix: string, path: string): string {
  const base = /^https?:\/\//i.test(cdnPrefix) ? cdnPrefix : `${origin}${cdnPrefix}`;
  return `${base.replace(/\/+$/, '')}${path}`;
}

// ---------------------------------------------------------------- text

/**
 * Text from members and site settings made fit for a head tag: no control characters (NUL included), no
 * bidi overrides or isolates that would turn the rest of a title around, whitespace collapsed, at most
 * `max` characters (whole code points, never half a pair).
 */
export function cleanText(value: string, max: number): string {
  const text = value
    .toWellFormed()
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\p{Bidi_Control}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

const XML_ESCAPES: Record<string, string> = { ...HTML_ESCAPES, "'": '&apos;' };
/** For XML text and attributes; characters XML 1.0 cannot hold at all are left out. */
export const escapeXml = (s: string) =>
  s
    .toWellFormed()
    .replace(/(?![\t\n\r])\p{Cc}|[\ufffe\uffff]/gu, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

/** Only an absolute http(s) URL is an image a preview can show; anything else is no image. */
function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

// Open Graph wants language_TERRITORY: the first of the site's countries that speaks the locale, else
// the locale's home country.
const LOCALE_HOME: Record<Locale, string> = {
  da: 'DK',
  de: 'DE',
  en: 'GB',
  es: 'ES',
  fi: 'FI',
  fr: 'FR',
  it: 'IT',
  nb: 'NO',
  nl: 'NL',
  pl: 'PL',
  sv: 'SE',
};
export function ogLocale(locale: Locale, countries: readonly string[]): string {
  const country = countries.find((c) => VISIBLE_LOCALES[c.toUpperCase()]?.includes(locale));
  return `${locale}_${(country ?? LOCALE_HOME[locale]).toUpperCase()}`;
}

// ---------------------------------------------------------------- head

export interface SeoInput {
  site: Pick<SiteRow, 'name' | 'domainLanguage' | 'countries'>;
  /** The page's origin, e.g. `https://vonk.nl` (siteOrigin: never a Host the request merely claimed). */
  origin: string;
  /** The page's path and query as requested; tracking parameters and `lang` are dropped. */
  path: string;
  locale: Locale;
  locales: readonly Locale[];
  title: string;
  /** Left out (with og: and twitter:description) when empty, as a profile without an about text has it. */
  description: string;
  /** Absolute URL; for a profile only its approved public main photo (spec §4, M-05). */
  image?: string | null;
  noindex: boolean;
  type?: 'website' | 'profile';
}

/**
 * The head tags of a page as HTML: title, description, canonical, hreflang alternates (indexed pages
 * only: a noindex page has no language versions to offer a search engine), Open Graph and Twitter.
 * Every value is cleaned and escaped here; callers pass raw text.
 */
export function seoHead(input: SeoInput): string {
  const origin = input.origin.replace(/\/+$/, '');
  const defaultLocale = siteDefaultLocale(input.site);
  const canonical = localeUrl(origin, input.path, input.locale, defaultLocale);
  const title = cleanText(input.title, 160);
  const description = cleanText(input.description, 300);
  const siteName = cleanText(input.site.name, 100);
  const image = httpUrl(input.image);
  const meta = (key: 'name' | 'property', id: string, content: string) =>
    `<meta ${key}="${id}" content="${escapeHtml(content)}" />`;

  const tags = [`<title>${escapeHtml(title)}</title>`];
  if (description) tags.push(meta('name', 'description', description));
  if (input.noindex) tags.push(meta('name', 'robots', 'noindex, nofollow'));
  tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}" />`);
  if (!input.noindex) {
    for (const alt of alternates(origin, input.path, input.locales, defaultLocale)) {
      tags.push(
        `<link rel="alternate" hreflang="${escapeHtml(alt.hreflang)}" href="${escapeHtml(alt.href)}" />`,
      );
    }
  }
  tags.push(
    meta('property', 'og:title', title),
    ...(description ? [meta('property', 'og:description', description)] : []),
    meta('property', 'og:url', canonical),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', input.type ?? 'website'),
    meta('property', 'og:locale', ogLocale(input.locale, input.site.countries)),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    ...(description ? [meta('name', 'twitter:description', description)] : []),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
  );
  return tags.join('\n');
}
