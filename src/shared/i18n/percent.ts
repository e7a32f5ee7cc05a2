import type { Locale } from './locales.ts';

/**
 * A whole percentage as each locale writes it ("46%", "46 %", "46 %"), without `Intl.NumberFormat`:
 * a browser's first NumberFormat loads its locale data, 40 ms and more of one task on a phone, which
 * the home page's hydration should not pay for one number (issue 24, bench/notes/first-paint.md). The
 * server renders the same text, and `percent.test.ts` holds it to what `Intl.NumberFormat` writes.
 */
const SPACED: Partial<Record<Locale, string>> = {
  da: '\u00a0',
  de: '\u00a0',
  es: '\u00a0',
  fi: '\u00a0',
  fr: '\u00a0',
  nb: '\u00a0',
  sv: '\u00a0',
};

/** `whole` is a percentage from 0 to 999 (46 for 46 %); it is rounded to a whole number. */
export function formatPercent(locale: Locale, whole: number): string {
  return `${Math.round(whole)}${SPACED[locale] ?? ''}%`;
}
