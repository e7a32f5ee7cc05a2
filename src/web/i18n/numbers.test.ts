import { createIntl } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { formatLocale, LOCALES, VISIBLE_LOCALES } from '../../shared/i18n/locales.ts';
import { countingLocale, createCountingIntlCache, formatCount, OWN_GROUPING } from './numbers.ts';

const COUNTS = [
  0,
  1,
  7,
  42,
  999,
  1000,
  1234,
  9999,
  10_000,
  12_345,
  99_999,
  100_000,
  123_456,
  999_999,
  1_000_000,
  2_000_000,
  12_345_678,
  2 ** 40,
  Number.MAX_SAFE_INTEGER,
];

describe('P-01 counts without the browser number formatter', () => {
  it.each(LOCALES)('P-01 writes counts in %s exactly as Intl.NumberFormat does', (locale) => {
    const intl = new Intl.NumberFormat(locale);
    const samples = [...COUNTS];
    for (let i = 0; i < 200; i++) samples.push(Math.floor(Math.random() * 10 ** (1 + (i % 12))));
    for (const n of samples) expect(formatCount(locale, n), `${locale} ${n}`).toBe(intl.format(n));
  });

  it('P-01 leaves fractions, negatives and non-numbers to Intl', () => {
    for (const n of [1.5, -1, -1000, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(formatCount('nl', n)).toBeNull();
    }
  });

  it('P-01 formats a plural count in a message without constructing Intl.NumberFormat', () => {
    const spy = vi.spyOn(Intl, 'NumberFormat');
    const message = '{count, plural, one {# lid} other {# leden}}';
    const nl = createIntl({ locale: 'nl', messages: { m: message } }, createCountingIntlCache());
    expect(nl.formatMessage({ id: 'm' }, { count: 2000 })).toBe('2.000 leden');
    expect(nl.formatMessage({ id: 'm' }, { count: 1 })).toBe('1 lid');
    const fr = createIntl(
      { locale: 'fr', messages: { m: '{count, number} membres' } },
      createCountingIntlCache(),
    );
    expect(fr.formatMessage({ id: 'm' }, { count: 12_345 })).toBe('12\u202f345 membres');
    expect(nl.formatNumber(1234)).toBe('1.234');
    expect(spy).not.toHaveBeenCalled();
  });

  it('P-01 still formats other numbers through Intl, as before', () => {
    const intl = createIntl(
      { locale: 'nl', messages: { m: '{n, number} en {p, number, percent}' } },
      createCountingIntlCache(),
    );
    expect(intl.formatMessage({ id: 'm' }, { n: 2.5, p: 0.25 })).toBe('2,5 en 25%');
    expect(intl.formatNumber(-1234.5)).toBe('-1.234,5');
    expect(intl.formatNumber(9.99, { style: 'currency', currency: 'EUR' })).toBe(
      new Intl.NumberFormat('nl', { style: 'currency', currency: 'EUR' }).format(9.99),
    );
  });
});

describe('I-04 counts where the country groups them (issue 28)', () => {
  const pairs = Object.entries(VISIBLE_LOCALES).flatMap(([country, locales]) =>
    locales.map((locale) => formatLocale(locale, country)),
  );

  it.each(pairs)('I-04 %s writes counts as Intl.NumberFormat does, with or without the table', (tag) => {
    const intl = new Intl.NumberFormat(tag);
    const base = countingLocale(tag);
    if (base === null) expect(OWN_GROUPING.has(tag), tag).toBe(true);
    for (const n of COUNTS) {
      const counted = base && formatCount(base, n);
      if (counted) expect(counted, `${tag} ${n}`).toBe(intl.format(n));
    }
    const message = createIntl(
      { locale: tag, messages: { m: '{n, plural, one {# lid} other {# leden}}' } },
      createCountingIntlCache(),
    );
    expect(message.formatMessage({ id: 'm' }, { n: 12_345 })).toBe(`${intl.format(12_345)} leden`);
  });

  it('I-04 the country decides dates, times and prices; a language its country does not speak keeps its own', () => {
    expect(formatLocale('en', 'GB')).toBe('en-GB');
    expect(formatLocale('de', 'ch')).toBe('de-CH');
    expect(formatLocale('fr', 'BE')).toBe('fr-BE');
    expect(formatLocale('de', 'NL')).toBe('de');
    expect(formatLocale('en', null)).toBe('en');
    const when = new Date(Date.UTC(2026, 10, 28, 20, 5));
    const time = (tag: string) =>
      createIntl({ locale: tag, timeZone: 'UTC' }, createCountingIntlCache()).formatTime(when);
    expect(time(formatLocale('en', 'GB'))).toBe('20:05');
    expect(time(formatLocale('en', 'US'))).toMatch(/^8:05\sPM$/);
    const price = createIntl({ locale: formatLocale('de', 'CH') }, createCountingIntlCache()).formatNumber(
      24.95,
      {
        style: 'currency',
        currency: 'CHF',
      },
    );
    expect(price).toMatch(/^CHF\s24\.95$/);
  });
});
