import { describe, expect, it } from 'vitest';
import { addressLocale, chooseLocale, toLocale, visibleLocales } from './i18n/locales.ts';
import { matchRoute, pathFor, routePath } from './routes.ts';
import { badgeText, cleanPhone, nichePrefix, termsVersionDate } from './rules.ts';

describe('business rules of spec §9', () => {
  it('L-02 badges cap at 99+', () => {
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('L-06 the terms version date is the 1 Dec 2023 noon floor or the later company date', () => {
    expect(termsVersionDate('2022-05-01').toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate(null).toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate('2024-03-01').toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(termsVersionDate('not a date').toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });

  it('L-07 niche codes map to lander prefixes', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(nichePrefix)).toEqual(['', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay']);
  });

  it('support phone loses dashes and spaces', () => {
    expect(cleanPhone('+31 20-123 45 67')).toBe('+31201234567');
  });
});

describe('locales', () => {
  it('I-01 knows the eleven locales and maps Norwegian to nb', () => {
    expect(toLocale('de-AT')).toBe('de');
    expect(toLocale('no')).toBe('nb');
    expect(toLocale('pt')).toBeNull();
    expect(toLocale('"><script>')).toBeNull();
  });

  it('I-02 cookie beats browser beats domain language; a malformed cookie is ignored', () => {
    expect(chooseLocale({ cookie: 'fr', browser: ['de'], domainLanguage: 'nl' })).toBe('fr');
    expect(chooseLocale({ cookie: 'zz', browser: ['de-DE'], domainLanguage: 'nl' })).toBe('de');
    expect(chooseLocale({ browser: ['pt-BR'], domainLanguage: 'sv' })).toBe('sv');
    expect(chooseLocale({ browser: ['de'], domainLanguage: 'nl', visible: ['nl'] })).toBe('nl');
  });

  it("issue 24 I-02 a page address's ?lang= beats the cookie; only an exact locale code counts", () => {
    expect(chooseLocale({ address: addressLocale('?lang=sv'), cookie: 'fr', domainLanguage: 'nl' })).toBe(
      'sv',
    );
    expect(addressLocale('utm_source=x&lang=pl')).toBe('pl');
    for (const bogus of ['?lang=no', '?lang=DE', '?lang=de-AT', '?lang=', '?xlang=de', '', '?lang=%3Cx%3E']) {
      expect(addressLocale(bogus), bogus).toBeNull();
    }
  });

  it('I-03 visible locales per country', () => {
    expect(visibleLocales('NL', 'nl')).toEqual(['nl']);
    expect(visibleLocales('BE', 'nl')).toEqual(['nl', 'fr', 'de']);
    expect(visibleLocales('CH', 'nl')).toEqual(['de', 'it', 'fr', 'en']);
    expect(visibleLocales('JP', 'nl')).toEqual(['nl']);
  });
});

describe('routes', () => {
  it('matches the known routes and nothing else', () => {
    expect(matchRoute('/')).toBe('index');
    expect(matchRoute('/pages/terms')).toBe('pages-terms');
    expect(matchRoute('/pages/terms/')).toBe('pages-terms');
    expect(matchRoute('/pages/unknown')).toBeNull();
    expect(matchRoute('/nope')).toBeNull();
  });

  it('builds paths by name, and none for pages that do not exist', () => {
    expect(routePath('pages-faq')).toBe('/pages/faq');
    expect(pathFor('no-such-route')).toBeNull();
  });
});
