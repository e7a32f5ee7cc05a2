import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';
import { sortByName } from './sort-names.ts';

// Europe and the countries Vonk's sites are likeliest to list, plus names with marks in every language.
const COUNTRIES = (
  'AD AE AL AM AR AT AU AW AX AZ BA BE BG BR BY CA CH CL CN CO CW CY CZ DE DK EE EG ES FI FO FR GB GE GL ' +
  'GR HR HU ID IE IL IN IS IT JP KR LI LT LU LV MA MC MD ME MK MT MX NL NO NZ PH PL PT RO RS RU SE SI SK ' +
  'SM SR TH TR UA US VA VN XK ZA'
).split(' ');

describe('I-01 country lists sort as each language sorts, without Intl on the first screen', () => {
  it.each(LOCALES)('I-01 %s: the same order as Intl.Collator', (locale) => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const nameOf = (code: string) => names.of(code) ?? code;
    const collator = new Intl.Collator(locale);
    const expected = [...COUNTRIES].sort((a, b) => collator.compare(nameOf(a), nameOf(b)));
    expect(sortByName(COUNTRIES, nameOf, locale)).toEqual(expected);
  });

  it('I-01 the letters a language counts as its own: Å after Z in Swedish, Ł after L in Polish', () => {
    expect(sortByName(['Ö', 'Z', 'O'], (s) => s, 'sv')).toEqual(['O', 'Z', 'Ö']);
    expect(sortByName(['Ö', 'Z', 'O'], (s) => s, 'de')).toEqual(['O', 'Ö', 'Z']);
    expect(sortByName(['Ma', 'Ła', 'Lz'], (s) => s, 'pl')).toEqual(['Lz', 'Ła', 'Ma']);
  });
});
