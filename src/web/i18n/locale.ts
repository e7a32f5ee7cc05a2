import type { Catalog } from '../../shared/i18n/catalogs.ts';
import {
  addressLocale,
  chooseLocale,
  LOCALE_COOKIE,
  type Locale,
  toLocale,
  visibleLocales,
} from '../../shared/i18n/locales.ts';
import { RULES } from '../../shared/rules.ts';

const loaders = import.meta.glob<{ default: Catalog }>('../../shared/i18n/messages/*.json');

/** Loads one catalog: each locale is its own chunk, so a visitor downloads only their language. */
export async function loadCatalog(locale: Locale): Promise<Catalog> {
  const load = loaders[`../../shared/i18n/messages/${locale}.json`];
  if (!load) throw new Error(`no catalog for ${locale}`);
  return (await load()).default;
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) {
      try {
        return decodeURIComponent(v.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, days: number) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // The Cookie Store API is not in every browser we serve yet; a plain cookie write works everywhere.
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${days * 86_400}; Path=/; SameSite=Lax${secure}`;
}

/**
 * The locale known before the settings arrive: the address's `?lang=` (issue 24, the same choice the server
 * made for the page), else the locale cookie if it holds a supported locale (a malformed one is ignored).
 */
export function cookieLocale(): Locale | null {
  return addressLocale(location.search) ?? toLocale(readCookie(LOCALE_COOKIE));
}

/**
 * The address's `?lang=` (issue 24: the page a search engine listed for that language), else the cookie,
 * else browser language (among the country's visible locales), else the domain language (I-02, P-03).
 */
export function detectLocale(settings: { domain_language: string; geoip_selected_country: string }): Locale {
  const fallback = toLocale(settings.domain_language) ?? 'nl';
  return chooseLocale({
    address: addressLocale(location.search),
    cookie: readCookie(LOCALE_COOKIE),
    browser: navigator.languages ?? [navigator.language],
    domainLanguage: settings.domain_language,
    visible: visibleLocales(settings.geoip_selected_country, fallback),
  });
}

export function storeLocale(locale: Locale) {
  writeCookie(LOCALE_COOKIE, locale, RULES.cookies.localeDays);
  document.documentElement.lang = locale;
}
