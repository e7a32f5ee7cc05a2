import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { catalogs } from '../../shared/i18n/catalogs.ts';
import {
  addressLocale,
  chooseLocale,
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  type Locale,
} from '../../shared/i18n/locales.ts';

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape<string>>();

/** The server's formatter for a locale, made once: e-mails and API error texts use the same catalogs. */
export function intlFor(locale: Locale): IntlShape<string> {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl(
      { locale, messages: catalogs[locale], defaultLocale: DEFAULT_LOCALE, onError: () => {} },
      cache,
    );
    intls.set(locale, intl);
  }
  return intl;
}

export function t(locale: Locale, id: string, values?: Record<string, string | number>): string {
  return intlFor(locale).formatMessage({ id }, values);
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

/** The locale of a request: `?lang=` of a GET, then cookie, then Accept-Language, then the site's language. */
export function requestLocale(
  cookies: Record<string, string | undefined>,
  acceptLanguage: string | undefined,
  domainLanguage?: string,
  address?: Locale | null,
): Locale {
  const browser = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter(Boolean);
  return chooseLocale({ address, cookie: cookies[LOCALE_COOKIE], browser, domainLanguage });
}
