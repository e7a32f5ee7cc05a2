import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';
import { formatPercent } from './percent.ts';

describe('I-01 a percentage reads as each locale writes it, without Intl on the first screen', () => {
  it.each(LOCALES)('I-01 %s: 0 to 100 % exactly as Intl.NumberFormat writes them', (locale) => {
    const intl = new Intl.NumberFormat(locale, { style: 'percent' });
    for (let whole = 0; whole <= 100; whole++) {
      expect(formatPercent(locale, whole)).toBe(intl.format(whole / 100));
    }
    expect(formatPercent(locale, 45.6)).toBe(intl.format(0.456));
  });
});
