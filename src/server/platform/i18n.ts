import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { catalogs } from '../../shared/i18n/catalogs.ts';
import {
  addressLocale,
  COUNTRY_COOKIE,
  chooseLocale,
  DEFAULT_LOCALE,
  formatLocale,
  LOCALE_COOKIE,
  type Locale,
  toLocale,
  visibleLocales,
} from '../../shared/i18n/locales.ts';

const cache = createIntlCache();
const intls = new Map<string, IntlShape<string>>();

/**
 * The back office's texts (`src/shared/i18n/admin/<area>.<nl|en>.json`, issue 23): staff work in Dutch or
 * English, so other locales get the English ones. They are the server's only (errors of admin endpoints);
 * the members' catalogs, and so the members' pages, carry none of them.
 */
function adminMessages(): Record<'nl' | 'en', Record<string, string>> {
  const dir = join(import.meta.dirname, '../../shared/i18n/admin');
  const out = { nl: {}, en: {} } as Record<'nl' | 'en', Record<string, string>>;
  for (const file of readdirSync(dir)) {
    const locale = /\.(nl|en)\.json$/.exec(file)?.[1] as 'nl' | 'en' | undefined;
    if (locale) Object.assign(out[locale], JSON.parse(readFileSync(join(dir, file), 'utf8')));
  }
  return out;
}
const admin = adminMessages();

/**
 * The server's formatter for a locale, made once: e-mails and API error texts use the same catalogs. With
 * the member's country, numbers and dates follow it (de-CH, en-GB: issue 28); the texts stay the language's.
 */
export function intlFor(locale: Locale, country?: string | null): IntlShape<string> {
  const tag = formatLocale(locale, country);
  let intl = intls.get(tag);
  if (!intl) {
    intl = createIntl(
      {
        locale: tag,
        messages: { ...admin[locale === 'nl' ? 'nl' : 'en'], ...catalogs[locale] },
        defaultLocale: DEFAULT_LOCALE,
        onError: () => {},
      },
      cache,
    );
    intls.set(tag, intl);
  }
  return intl;
}

export function t(
  locale: Locale,
  id: string,
  values?: Record<string, string | number>,
  country?: string | null,
): string {
  return intlFor(locale, country).formatMessage({ id }, values);
}

/**
 * A catalog text with tags as HTML links (`<terms>…</terms>` → `<a href=…>…</a>`), each link opening in
 * a new tab; the texts inside are escaped. For the server's own HTML (the shell's entry warning, issue 27).
 */
export function linkedHtml(locale: Locale, id: string, links: Record<string, string>): string {
  const esc = (v: string) =>
    v.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
  const values = Object.fromEntries(
    Object.entries(links).map(([tag, href]) => [
      tag,
      (chunks: string[]) =>
        `<a href="${esc(href)}" target="_blank" rel="noopener">${esc(chunks.join(''))}</a>`,
    ]),
  );
  const out = intlFor(locale).formatMessage({ id }, values) as unknown;
  return Array.isArray(out) ? out.join('') : String(out);
}

/**
 * The locale a GET names in its address (`?lang=de`, issue 24): each hreflang alternate of a page is its
 * own address. Only reads choose by address; a form post or API change keeps the visitor's language. The
 * page's query also reaches `/api/settings` (web api/site.ts), so the settings' texts match the page.
 */
export function addressLocaleOf(req: { method: string; url: string }): Locale | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const q = req.url.indexOf('?');
  return q < 0 ? null : addressLocale(req.url.slice(q + 1));
}

const browserLanguages = (acceptLanguage: string | undefined) =>
  (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter(Boolean);

/** The locale of a request: `?lang=` of a GET, then cookie, then Accept-Language, then the site's language. */
export function requestLocale(
  cookies: Record<string, string | undefined>,
  acceptLanguage: string | undefined,
  domainLanguage?: string,
  address?: Locale | null,
): Locale {
  const browser = browserLanguages(acceptLanguage);
  return chooseLocale({ address, cookie: cookies[LOCALE_COOKIE], browser, domainLanguage });
}

/**
 * The language of a page (I-02, I-03; issue 27): `?lang=`, then the `i18n_redirected` cookie, then the
 * browser's languages among those the visitor's country may see (the country picked on /lang-config, else
 * the address's), then the site's own language. The browser's app makes the same choice (web
 * i18n/locale.ts), so the entry warning, the page and the app speak one language: an English browser on a
 * Dutch site gets Dutch, on a Swiss one English.
 */
export function pageLocale(
  cookies: Record<string, string | undefined>,
  acceptLanguage: string | undefined,
  site: { domainLanguage: string },
  country: string,
  address?: Locale | null,
): Locale {
  const picked = cookies[COUNTRY_COOKIE]?.toUpperCase();
  const fallback = toLocale(site.domainLanguage) ?? DEFAULT_LOCALE;
  return chooseLocale({
    address,
    cookie: cookies[LOCALE_COOKIE],
    browser: browserLanguages(acceptLanguage),
    domainLanguage: site.domainLanguage,
    visible: visibleLocales(picked && /^[A-Z]{2}$/.test(picked) ? picked : country, fallback),
  });
}
