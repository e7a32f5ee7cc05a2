import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { catalogs } from '../../shared/i18n/catalogs.ts';
import { chooseLocale, DEFAULT_LOCALE, LOCALE_COOKIE, type Locale } from '../../shared/i18n/locales.ts';

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

/** The locale of a request: cookie, then Accept-Language, then the site's language. */
export function requestLocale(
  cookies: Record<string, string | undefined>,
  acceptLanguage: string | undefined,
  domainLanguage?: string,
): Locale {
  const browser = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter(Boolean);
  return chooseLocale({ cookie: cookies[LOCALE_COOKIE], browser, domainLanguage });
}
