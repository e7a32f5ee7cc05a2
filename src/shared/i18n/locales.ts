export const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'nl';
export const LOCALE_COOKIE = 'i18n_redirected';
/** The country a visitor picked on /lang-config; its locales are the ones they may see (I-03). */
export const COUNTRY_COOKIE = 'country';

/** Parses anything (cookie, header piece, setting) to a supported locale, or null. */
export function toLocale(value: unknown): Locale | null {
  if (typeof value !== 'string') return null;
  const two = value.trim().slice(0, 2).toLowerCase();
  // Norwegian: "no" and "nn" are served by the Bokmål catalog.
  const mapped = two === 'no' || two === 'nn' ? 'nb' : two;
  return (LOCALES as readonly string[]).includes(mapped) ? (mapped as Locale) : null;
}

/** Exactly one of the supported locale codes (no mapping, no trimming): for values in addresses. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The `lang` of a page address (`?lang=de`): the address a search engine lists for one language of a
 * page (issue 24, hreflang). Only an exact locale code counts; anything else is no choice at all.
 */
export function addressLocale(search: string): Locale | null {
  if (!search.includes('lang=')) return null;
  const value = new URLSearchParams(search).get('lang');
  return isLocale(value) ? value : null;
}

/** Locale names in their own language, for the dropdown. */
export const LOCALE_NAMES: Record<Locale, string> = {
  da: 'Dansk',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fi: 'Suomi',
  fr: 'Français',
  it: 'Italiano',
  nb: 'Norsk',
  nl: 'Nederlands',
  pl: 'Polski',
  sv: 'Svenska',
};

/** Which locales a visitor from a country may pick (spec §9). */
export const VISIBLE_LOCALES: Record<string, readonly Locale[]> = {
  NL: ['nl'],
  BE: ['nl', 'fr', 'de'],
  LU: ['fr', 'de'],
  DE: ['de'],
  AT: ['de'],
  CH: ['de', 'it', 'fr', 'en'],
  DK: ['da'],
  NO: ['nb'],
  SE: ['sv'],
  FI: ['fi', 'sv'],
  FR: ['fr'],
  IT: ['it'],
  ES: ['es'],
  PL: ['pl'],
  GB: ['en'],
  IE: ['en'],
  US: ['en'],
  CA: ['en', 'fr'],
  AU: ['en'],
};

/**
 * The tag Intl formats with (issue 28, I-04): the language and the member's or visitor's country where
 * that country speaks it, so British, Irish and Australian members get day-first dates and 24-hour
 * times, Swiss members "CHF 24.95" and Belgians their own; the language alone anywhere else. Messages
 * stay those of the language: only dates, times, numbers and prices follow the country.
 */
export function formatLocale(locale: Locale, country: string | null | undefined): string {
  const code = country?.trim().toUpperCase();
  return code && VISIBLE_LOCALES[code]?.includes(locale) ? `${locale}-${code}` : locale;
}

export function visibleLocales(country: string | null | undefined, fallback: Locale): readonly Locale[] {
  return (country && VISIBLE_LOCALES[country.toUpperCase()]) || [fallback];
}

/**
 * Picks the locale: a locale named in the page's address wins (issue 24: each hreflang alternate shows
 * its own language whatever the visitor's cookie says), then a valid cookie, then the browser's languages (only those the country may see),
 * then the site's domain_language, then Dutch.
 */
export function chooseLocale(input: {
  /** From the address (`addressLocale`): already checked. */
  address?: Locale | null;
  cookie?: string | null;
  browser?: readonly string[];
  domainLanguage?: string | null;
  visible?: readonly Locale[];
}): Locale {
  if (input.address) return input.address;
  const fromCookie = toLocale(input.cookie);
  if (fromCookie) return fromCookie;
  const visible = input.visible;
  for (const lang of input.browser ?? []) {
    const l = toLocale(lang);
    if (l && (!visible || visible.includes(l))) return l;
  }
  return toLocale(input.domainLanguage) ?? DEFAULT_LOCALE;
}

/** Countries Vonk serves, with their default locale. */
export const COUNTRIES = Object.keys(VISIBLE_LOCALES);
