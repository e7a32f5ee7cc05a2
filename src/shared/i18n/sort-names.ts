import type { Locale } from './locales.ts';

/**
 * Names (countries in a select) in each locale's alphabetical order, without `Intl.Collator`: a
 * browser's first Collator loads its locale data, 25 ms and more of one task on a phone, and the search
 * page's filters sort their countries while they hydrate (issue 24). Letters with marks sort with their
 * base letter, except the letters a language counts as its own: after z in Danish, Norwegian, Finnish and
 * Swedish, after their base letter in Polish. `sort-names.test.ts` holds the order to the Collator's.
 */
const OWN_LETTERS: Partial<Record<Locale, Record<string, string>>> = {
  da: { æ: 'z~', ø: 'z~~', å: 'z~~~' },
  nb: { æ: 'z~', ø: 'z~~', å: 'z~~~' },
  fi: { å: 'z~', ä: 'z~~', ö: 'z~~~' },
  sv: { å: 'z~', ä: 'z~~', ö: 'z~~~' },
  pl: { ą: 'a~', ć: 'c~', ę: 'e~', ł: 'l~', ń: 'n~', ó: 'o~', ś: 's~', ź: 'z~', ż: 'z~~' },
};

function sortKey(name: string, locale: Locale): string {
  const own = OWN_LETTERS[locale] ?? {};
  let key = '';
  for (const ch of name.toLowerCase()) key += own[ch] ?? ch.normalize('NFD').replace(/\p{M}/gu, '');
  return key;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `items` sorted by `nameOf(item)` as `locale` sorts names; a new array. */
export function sortByName<T>(items: readonly T[], nameOf: (item: T) => string, locale: Locale): T[] {
  return (
    items
      .map((item) => ({ item, key: sortKey(nameOf(item), locale), name: nameOf(item) }))
      // Equal but for marks: the plain letter first, as the Collator's second level has it.
      .sort((a, b) => compare(a.key, b.key) || compare(a.name, b.name))
      .map((k) => k.item)
  );
}
