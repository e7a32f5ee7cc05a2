import { createIntlCache, type IntlCache } from 'react-intl';
import { type Locale, toLocale } from '../../shared/i18n/locales.ts';

/**
 * Whole numbers without the browser's number formatter. The first `Intl.NumberFormat` of a page makes the
 * browser load its locale data: 15 to 70 ms on a desktop, several times that on a phone, in the middle of
 * the first screen ("2.000 leden", "# leden gevonden"). Counts are the only numbers on the first screens,
 * and for those the locale's grouping is all there is to know. Anything else (fractions, negatives,
 * currencies, options) goes to `Intl.NumberFormat`, created when first needed. The table is CLDR's
 * decimal format of each locale; a test compares it with `Intl.NumberFormat` for every locale.
 */
const GROUPING: Record<Locale, { separator: string; minimumDigits: number }> = {
  da: { separator: '.', minimumDigits: 1 },
  de: { separator: '.', minimumDigits: 1 },
  en: { separator: ',', minimumDigits: 1 },
  es: { separator: '.', minimumDigits: 2 },
  fi: { separator: '\u00a0', minimumDigits: 1 },
  fr: { separator: '\u202f', minimumDigits: 1 },
  it: { separator: '.', minimumDigits: 2 },
  nb: { separator: '\u00a0', minimumDigits: 1 },
  nl: { separator: '.', minimumDigits: 1 },
  pl: { separator: '\u00a0', minimumDigits: 2 },
  sv: { separator: '\u00a0', minimumDigits: 1 },
};

/**
 * Language and country pairs of `formatLocale` whose counts are grouped unlike the language's own
 * ("12'345" in Switzerland, "12 345" in Austria): Intl formats those. Every other pair groups as its
 * language does, and a test checks that for each pair.
 */
export const OWN_GROUPING = new Set(['de-AT', 'de-CH', 'it-CH', 'en-CH', 'fr-CH', 'fr-LU', 'fr-CA']);

/** The locale whose grouping a format tag (`nl`, `en-GB`) writes counts with, or null when Intl must. */
export function countingLocale(tag: string): Locale | null {
  const locale = toLocale(tag);
  if (!locale) return null;
  if (tag === locale) return locale;
  return /^[a-z]{2}-[A-Z]{2}$/.test(tag) && !OWN_GROUPING.has(tag) ? locale : null;
}

/** A count (a whole number ≥ 0) as the locale writes it, or null for any other number. */
export function formatCount(locale: Locale, value: number): string | null {
  if (!Number.isSafeInteger(value) || value < 0) return null;
  const digits = String(value);
  const { separator, minimumDigits } = GROUPING[locale];
  // Grouping starts at 4 digits, or at 5 where CLDR's minimum grouping digits is 2 ("1000", "10.000").
  if (digits.length < 4 + minimumDigits - 1) return digits;
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += separator;
    out += digits[i];
  }
  return out;
}

/** Stands in for `Intl.NumberFormat(locale)` without options: counts itself, the rest through Intl. */
class CountFormat {
  private readonly locale: Locale;
  /** The tag Intl gets for anything that is not a count (`en-GB`). */
  private readonly tag: string;
  private intl: Intl.NumberFormat | undefined;
  constructor(locale: Locale, tag: string = locale) {
    this.locale = locale;
    this.tag = tag;
  }
  private real(): Intl.NumberFormat {
    this.intl ??= new Intl.NumberFormat(this.tag);
    return this.intl;
  }
  format(value: number | bigint): string {
    return (typeof value === 'number' && formatCount(this.locale, value)) || this.real().format(value);
  }
  formatToParts(value: number | bigint) {
    return this.real().formatToParts(value);
  }
  resolvedOptions() {
    return this.real().resolvedOptions();
  }
}

/**
 * The locale of a memo key of react-intl's number formatters when it is a plain `(locale)` or
 * `(locale, {})` call, else null. The key is the JSON of the call's arguments (@formatjs/fast-memoize).
 */
function plainLocaleOf(key: string): { tag: string; locale: Locale } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(key);
  } catch {
    return null;
  }
  const args = Array.isArray(parsed) ? parsed : (parsed as Record<string, unknown> | null)?.['0'];
  if (!Array.isArray(args) || args.length === 0 || args.length > 2) return null;
  const [locales, options] = args as [unknown, unknown];
  const locale = Array.isArray(locales) && locales.length === 1 ? locales[0] : locales;
  if (typeof locale !== 'string') return null;
  const counting = countingLocale(locale);
  if (!counting) return null;
  const plain =
    options === undefined ||
    options === null ||
    (typeof options === 'object' && Object.keys(options as object).length === 0);
  return plain ? { tag: locale, locale: counting } : null;
}

/**
 * A react-intl cache whose plain number formatters are `CountFormat`s: `#` in a plural and `{n, number}`
 * format counts without starting the browser's Intl.
 */
export function createCountingIntlCache(): IntlCache {
  const cache = createIntlCache();
  const store = cache.number as Record<string, unknown>;
  cache.number = new Proxy(store, {
    get(target, key) {
      if (typeof key === 'string' && !(key in target)) {
        const plain = plainLocaleOf(key);
        if (plain) target[key] = new CountFormat(plain.locale, plain.tag);
      }
      return target[key as string];
    },
  }) as IntlCache['number'];
  return cache;
}
