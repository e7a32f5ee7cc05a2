// The wording rules of issue 28 (I-01..I-06): counts through ICU plural with every CLDR category, one
// register in French, one word per concept (glossary/<locale>.md), percentages through Intl, and French
// high punctuation behind a narrow no-break space. Each rule is a function so a test can show it bites.
import { readFileSync } from 'node:fs';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { type Catalog, catalogs } from './catalogs.ts';
import { LOCALES, type Locale } from './locales.ts';

/** Placeholders that carry a number a person reads. */
const NUMERIC = new Set([
  'min_age',
  'minutes',
  'max_mb',
  'max_mp',
  'min',
  'max',
  'premium_max',
  'step',
  'total',
  'n',
  'days',
  'count',
  'limit',
  'position',
  'km',
  'page',
  'pages',
  'shown',
  'max_ratio',
  'max_side',
  'credits',
  'photos',
  'hours',
  'used',
  'premium',
  'id',
  'percentage',
]);

/**
 * Numbers that count nothing a language inflects: positions and totals ("photo 2 of 5", "page 3 of 9"),
 * units written as a symbol ("5 km", "10 MB", "15 min"), a bare figure ("18+", "balance: 12", "(40)",
 * "2,000 online now") and the "up to 25" that repeats a noun counted just before. Dutch
 * `validation.birthdate_required` is an exact text of the product spec ("({min_age}+ jaar)").
 */
const LABELS: Record<string, readonly string[]> = {
  'signup.progress': ['step', 'total'],
  'myphotos.photo_n': ['position', 'total'],
  'myphotos.moved': ['position', 'total'],
  'member.show_photo': ['position', 'total'],
  'member.gallery_open': ['position', 'total'],
  'member.gallery_position': ['position', 'total'],
  'search.page_of': ['page', 'pages'],
  'transactions.page_of': ['page', 'pages'],
  'member.distance': ['km'],
  'member.distance_less': ['km'],
  'search.similar_count': ['count'],
  'home.subtitle': ['min_age'],
  'validation.birthdate_required': ['min_age'],
  'auth.locked': ['minutes'],
  'photos.too_large': ['max_mb'],
  'chat.balance': ['credits'],
  'home.stat_online': ['count'],
  'myphotos.count': ['count'],
  'chat.counter': ['used'],
  'blocks.capped': ['total'],
  'search.summary_ages': ['min'],
  'complaints.mail_staff.member': ['id'],
  'complaints.mail_staff.member_unknown': ['id'],
  'photos.limit_free': ['premium_max'],
  'myphotos.limit_note': ['premium'],
  'search.distance_km': ['km'],
  'member.distance_away': ['km'],
  // A range of ages ("25–35 jaar") and a capped total ("1.000+ leden"): always many, never one.
  'search.ages_value': ['min', 'max'],
  'search.count_short_capped': ['count'],
  // The badge's cap (99): "meer dan 99 ongelezen berichten".
  'nav.unread_messages_over': ['count'],
  'nav.new_likes_over': ['count'],
  'nav.unread_notifications_over': ['count'],
};

interface Use {
  name: string;
  /** The plural this use sits in (its argument), or null. */
  inPlural: string | null;
  percentStyle: boolean;
}

function uses(elements: MessageFormatElement[], inPlural: string | null = null, out: Use[] = []): Use[] {
  for (const el of elements) {
    if (el.type === TYPE.tag) uses(el.children, inPlural, out);
    else if (el.type === TYPE.argument) out.push({ name: el.value, inPlural, percentStyle: false });
    else if (el.type === TYPE.number) {
      const style = el.style;
      const percent =
        style === 'percent' || (typeof style === 'object' && style?.parsedOptions?.style === 'percent');
      out.push({ name: el.value, inPlural, percentStyle: percent });
    } else if (el.type === TYPE.plural) {
      out.push({ name: el.value, inPlural: el.value, percentStyle: false });
      for (const opt of Object.values(el.options)) uses(opt.value, el.value, out);
    } else if (el.type === TYPE.select)
      for (const opt of Object.values(el.options)) uses(opt.value, inPlural, out);
  }
  return out;
}

function plurals(elements: MessageFormatElement[], out: { arg: string; options: string[] }[] = []) {
  for (const el of elements) {
    if (el.type === TYPE.tag) plurals(el.children, out);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      if (el.type === TYPE.plural && el.pluralType !== 'ordinal')
        out.push({ arg: el.value, options: Object.keys(el.options) });
      for (const opt of Object.values(el.options)) plurals(opt.value, out);
    }
  }
  return out;
}

/** Counts outside a plural: a numeric placeholder that no plural of its own counts. */
function countsOutsidePlural(catalog: Catalog): string[] {
  const found: string[] = [];
  for (const [key, message] of Object.entries(catalog)) {
    const all = uses(parse(message));
    const counted = new Set(all.filter((u) => u.inPlural === u.name).map((u) => u.name));
    for (const u of all) {
      if (!NUMERIC.has(u.name) || u.name === 'percentage') continue;
      if (counted.has(u.name) || LABELS[key]?.includes(u.name)) continue;
      found.push(`${key}: {${u.name}}`);
    }
  }
  return [...new Set(found)];
}

/** Plurals that lack one of the language's CLDR categories. */
function missingPluralCategories(locale: string, catalog: Catalog): string[] {
  const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const found: string[] = [];
  for (const [key, message] of Object.entries(catalog))
    for (const p of plurals(parse(message)))
      for (const cat of needed) if (!p.options.includes(cat)) found.push(`${key}: ${p.arg} lacks ${cat}`);
  return found;
}

/**
 * A hand-typed percent sign, or a percentage that is not text written by `formatPercent`
 * (shared/i18n/percent.ts, held to Intl's percent style in every locale by percent.test.ts): percentages
 * go in as `{percentage_text}` or `{percent_text}`, never through `{…, number, percent}`, whose first use
 * on a page starts the browser's Intl number formatting in one long task (issue 24).
 */
function handTypedPercents(catalog: Catalog): string[] {
  const found: string[] = [];
  for (const [key, message] of Object.entries(catalog)) {
    if (message.includes('%')) found.push(`${key}: %`);
    for (const u of uses(parse(message))) {
      if (u.percentStyle) found.push(`${key}: {${u.name}} in Intl's percent style`);
      else if (/^percent(age)?$/.test(u.name)) found.push(`${key}: {${u.name}} as a number`);
    }
  }
  return found;
}

/** French texts speak to the member as "tu". "vous" stays where it means the two members together. */
const FRENCH_PAIR_VOUS = new Set([
  'home.step3_body',
  'signup.step4_intro',
  'member.block_body',
  'chat.empty_body',
  'match.text',
  'match.not_yet_text',
  'swipe.lander_intro',
  'member.match',
  'notify.mail.match.body',
]);
const VOUS = /\b(vous|votre|vos)\b|\b(?!chez\b|assez\b)[a-zàâçéèêëîïôûù]+ez(-[a-z]+)*\b/iu;

function frenchVous(catalog: Catalog): string[] {
  return (
    Object.entries(catalog)
      // "rendez-vous" is a date, not a way of speaking to anyone.
      .filter(
        ([key, message]) => !FRENCH_PAIR_VOUS.has(key) && VOUS.test(message.replace(/rendez-vous/giu, '')),
      )
      .map(([key, message]) => `${key}: ${message}`)
  );
}

/** A plain or no-break space before ? ! : ; in French (it may wrap, and is too wide): U+202F instead. */
function frenchSpaces(catalog: Catalog): string[] {
  return Object.entries(catalog)
    .filter(([, message]) => /[ \u00a0][?!:;]/.test(message))
    .map(([key, message]) => `${key}: ${message}`);
}

/** The glossary's banned variants: table rows `| concept | word | variant, variant |`. */
function glossary(locale: Locale): { concept: string; use: string; avoid: string[] }[] {
  const text = readFileSync(new URL(`./glossary/${locale}.md`, import.meta.url), 'utf8');
  const rows: { concept: string; use: string; avoid: string[] }[] = [];
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 5 || !cells[1] || cells[1] === 'Concept' || /^-+$/.test(cells[1])) continue;
    const avoid = (cells[3] ?? '')
      .split(',')
      .map((v) => v.trim().replace(/^`|`$/g, ''))
      .filter((v) => v && v !== '–');
    rows.push({ concept: cells[1], use: cells[2] ?? '', avoid });
  }
  return rows;
}

/** The words of a message a person reads: its literal text, without placeholder names or ICU syntax. */
function readText(elements: MessageFormatElement[], out: string[] = []): string[] {
  for (const el of elements) {
    if (el.type === TYPE.literal) out.push(el.value);
    else if (el.type === TYPE.tag) readText(el.children, out);
    else if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const opt of Object.values(el.options)) readText(opt.value, out);
    else out.push(' ');
  }
  return out;
}

function bannedVariants(locale: Locale, catalog: Catalog): string[] {
  const found: string[] = [];
  for (const { concept, avoid } of glossary(locale))
    for (const variant of avoid) {
      const re = new RegExp(
        `(?<![\\p{L}])${variant.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`,
        'iu',
      );
      for (const [key, message] of Object.entries(catalog))
        if (re.test(readText(parse(message)).join(''))) found.push(`${key}: "${variant}" (${concept})`);
    }
  return found;
}

describe('I-06 wording rules of every catalog', () => {
  it.each(LOCALES)('I-06 %s: every count goes through plural with all CLDR categories', (locale) => {
    expect(countsOutsidePlural(catalogs[locale])).toEqual([]);
    expect(missingPluralCategories(locale, catalogs[locale])).toEqual([]);
  });

  it.each(LOCALES)('I-06 %s: percentages are text from formatPercent, never a typed %', (locale) => {
    expect(handTypedPercents(catalogs[locale])).toEqual([]);
  });

  it.each(LOCALES)('I-06 %s: the glossary exists and no banned variant is used', (locale) => {
    const terms = glossary(locale).map((r) => r.concept.toLowerCase());
    for (const concept of ['like', 'match', 'credits', 'premium', 'chat', 'gift', 'icebreaker', 'swipe'])
      expect(terms, `${locale} glossary`).toContain(concept);
    expect(bannedVariants(locale, catalogs[locale])).toEqual([]);
  });

  it('I-06 French keeps one register (tu) and narrow no-break spaces before ? ! : ;', () => {
    expect(frenchVous(catalogs.fr)).toEqual([]);
    expect(frenchSpaces(catalogs.fr)).toEqual([]);
  });

  it('I-06 Polish and French texts follow the member’s and the other member’s gender, neutral when unknown', () => {
    const pl = createIntl({ locale: 'pl', messages: catalogs.pl });
    const line = (id: string, gender: string, other_gender: string) =>
      pl.formatMessage({ id }, { gender, other_gender });
    expect(line('chat.icebreaker.3', 'female', 'male')).toContain('Jestem ciekawa Twojej odpowiedzi');
    expect(line('chat.icebreaker.3', 'male', 'female')).toContain('Jestem ciekaw Twojej odpowiedzi');
    expect(line('chat.icebreaker.3', 'other', 'other')).toContain('Chętnie poznam Twoją odpowiedź');
    expect(line('chat.icebreaker.2', 'male', 'female')).toBe('Co najlepszego zrobiłaś w tym tygodniu?');
    expect(line('chat.icebreaker.2', 'female', 'male')).toBe('Co najlepszego zrobiłeś w tym tygodniu?');
    expect(line('chat.icebreaker.4', 'male', 'other')).not.toMatch(/mógł|mogła/);
    expect(line('swipe.empty', 'female', 'other')).toContain('Widziałaś');
    const fr = createIntl({ locale: 'fr', messages: catalogs.fr });
    expect(fr.formatMessage({ id: 'chat.icebreaker.5' }, { other_gender: 'female' })).toContain('heureuse');
    expect(fr.formatMessage({ id: 'chat.icebreaker.3' }, { gender: 'female' })).toContain('curieuse');
  });

  it('I-06 the rules catch what they are for', () => {
    expect(countsOutsidePlural({ a: 'Je hebt {credits} credits', b: '{credits, number} credits' })).toEqual([
      'a: {credits}',
      'b: {credits}',
    ]);
    expect(countsOutsidePlural({ a: '{credits, plural, one {# credit} other {# credits}}' })).toEqual([]);
    expect(missingPluralCategories('pl', { a: '{n, plural, one {# kredyt} other {# kredytów}}' })).toEqual([
      'a: n lacks few',
      'a: n lacks many',
    ]);
    expect(missingPluralCategories('fr', { a: '{n, plural, one {#} other {#}}' })).toEqual([
      'a: n lacks many',
    ]);
    expect(
      handTypedPercents({
        a: '{percentage}% korting',
        b: '46 % meer',
        c: '{percentage} korting',
        d: '{percentage, number, percent} korting',
      }),
    ).toEqual([
      'a: %',
      'a: {percentage} as a number',
      'b: %',
      'c: {percentage} as a number',
      "d: {percentage} in Intl's percent style",
    ]);
    expect(handTypedPercents({ a: '{percentage_text} korting', b: 'uploaden… {percent_text}' })).toEqual([]);
    expect(frenchVous({ a: 'Connectez-vous', b: 'Votre nom', c: 'Ton nom, chez toi' })).toEqual([
      'a: Connectez-vous',
      'b: Votre nom',
    ]);
    expect(frenchSpaces({ a: 'Salut !', b: 'Salut\u00a0?', c: 'Salut\u202f!' })).toEqual([
      'a: Salut !',
      'b: Salut\u00a0?',
    ]);
    const banned = glossary('pl').flatMap((r) => r.avoid);
    expect(banned.length).toBeGreaterThan(0);
    expect(bannedVariants('pl', { a: `To ${banned[0]}!` })).toHaveLength(1);
  });
});
