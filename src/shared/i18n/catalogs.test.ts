import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { catalogs } from './catalogs.ts';
import { fillPlaceholders } from './fill.ts';
import { LOCALES } from './locales.ts';
import da from './pages/da.json' with { type: 'json' };
import de from './pages/de.json' with { type: 'json' };
import en from './pages/en.json' with { type: 'json' };
import es from './pages/es.json' with { type: 'json' };
import fi from './pages/fi.json' with { type: 'json' };
import fr from './pages/fr.json' with { type: 'json' };
import it_ from './pages/it.json' with { type: 'json' };
import nb from './pages/nb.json' with { type: 'json' };
import nl from './pages/nl.json' with { type: 'json' };
import pl from './pages/pl.json' with { type: 'json' };
import sv from './pages/sv.json' with { type: 'json' };

function argumentNames(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    if (el.type === TYPE.tag) {
      argumentNames(el.children, into);
      continue;
    }
    into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      for (const opt of Object.values(el.options)) argumentNames(opt.value, into);
    }
  }
  return into;
}

const source = catalogs.nl;

/**
 * The member's gender and the other member's (issue 28): a language that inflects by gender may select on
 * them where Dutch needs no such choice. Only as `select` with a neutral `other`; every call site of such a
 * key passes them (`genderValues` in src/web/i18n/gender.ts).
 */
const GENDER_ARGS = new Set(['gender', 'other_gender']);

function genderSelects(elements: MessageFormatElement[], into: string[] = []): string[] {
  for (const el of elements) {
    if (el.type === TYPE.tag) genderSelects(el.children, into);
    if (el.type === TYPE.argument && GENDER_ARGS.has(el.value)) into.push(`{${el.value}} outside select`);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      if (el.type === TYPE.select && GENDER_ARGS.has(el.value)) {
        const options = Object.keys(el.options).sort().join(',');
        if (options !== 'female,male,other') into.push(`${el.value}: ${options}`);
      }
      for (const opt of Object.values(el.options)) genderSelects(opt.value, into);
    }
  }
  return into;
}

describe('I-05 message catalogs', () => {
  it.each(LOCALES)('I-05 %s has exactly the keys of the Dutch catalog', (locale) => {
    expect(Object.keys(catalogs[locale]).sort()).toEqual(Object.keys(source).sort());
  });

  it.each(LOCALES)('I-05 every %s message parses and uses the Dutch placeholders', (locale) => {
    for (const [key, message] of Object.entries(catalogs[locale])) {
      const args = [...argumentNames(parse(message))].filter((a) => !GENDER_ARGS.has(a));
      const expected = argumentNames(parse(source[key] ?? ''));
      expect(args.sort(), `${locale} ${key}`).toEqual([...expected].sort());
      expect(genderSelects(parse(message)), `${locale} ${key}`).toEqual([]);
      expect(message.trim(), `${locale} ${key} is empty`).not.toBe('');
    }
  });
});

const PAGE_PLACEHOLDERS = [
  'site_name',
  'company_name',
  'company_address',
  'support_email',
  'support_phone',
  'refund_days',
  'min_age',
  'version_date',
];
type Pages = Record<
  string,
  { title: string; intro: string; sections: { heading: string; paragraphs: string[] }[] }
>;
const pages: Record<string, Pages> = { da, de, en, es, fi, fr, it: it_, nb, nl, pl, sv };

describe('L-06 static page texts', () => {
  it.each(LOCALES)(
    'L-06 %s has every static page with real content and known placeholders only',
    (locale) => {
      const file = pages[locale] as Pages;
      for (const page of ['terms', 'privacy', 'cookies', 'ban', 'return-policy', 'faq', 'service']) {
        const text = file[page];
        expect(text, `${locale} ${page}`).toBeDefined();
        expect(text?.sections.length ?? 0).toBeGreaterThanOrEqual(3);
        const all = [
          text?.title,
          text?.intro,
          ...(text?.sections ?? []).flatMap((s) => [s.heading, ...s.paragraphs]),
        ].join(' ');
        for (const [, name] of all.matchAll(/\{(\w+)\}/g))
          expect(PAGE_PLACEHOLDERS, `${locale} ${page}`).toContain(name);
      }
    },
  );

  it('L-06 the return policy names the refund days and the terms their version date', () => {
    expect(JSON.stringify(pages.nl?.['return-policy'])).toContain('{refund_days}');
    expect(JSON.stringify(pages.nl?.terms)).toContain('{version_date}');
    expect(pages.en?.['privacy-us']).toBeDefined();
    expect(fillPlaceholders('binnen {refund_days} dagen', { refund_days: 30 })).toBe('binnen 30 dagen');
  });
});
