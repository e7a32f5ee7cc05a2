import * as icons from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, LOCALES } from '../i18n/locales.ts';
import { INTERESTS } from './interests.ts';
import { REGIONS } from './regions.ts';

describe('interests', () => {
  it('M-02 has 45-60 interests with unique kebab-case ids', () => {
    expect(INTERESTS.length).toBeGreaterThanOrEqual(45);
    expect(INTERESTS.length).toBeLessThanOrEqual(60);
    const ids = INTERESTS.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('M-02 has both hobbies and sexual interests', () => {
    expect(INTERESTS.some((i) => i.kind === 'hobby')).toBe(true);
    expect(INTERESTS.some((i) => i.kind === 'sexual')).toBe(true);
  });

  it('M-02 uses only icons that lucide-react exports', () => {
    const exported = icons as unknown as Record<string, unknown>;
    const missing = INTERESTS.filter((i) => exported[i.icon] === undefined).map((i) => i.icon);
    expect(missing).toEqual([]);
  });

  it('M-02 names every interest in all 11 locales', () => {
    expect(LOCALES).toHaveLength(11);
    for (const interest of INTERESTS) {
      expect(Object.keys(interest.names).sort()).toEqual([...LOCALES].sort());
      for (const locale of LOCALES)
        expect(interest.names[locale].trim(), `${interest.id}/${locale}`).not.toBe('');
    }
  });
});

describe('regions', () => {
  it('I-06 lists regions for every served country', () => {
    expect(Object.keys(REGIONS).sort()).toEqual([...COUNTRIES].sort());
    for (const [country, { regions }] of Object.entries(REGIONS)) {
      expect(regions.length, country).toBeGreaterThanOrEqual(1);
    }
  });

  it('I-06 region codes are unique ISO 3166-2 codes of their country', () => {
    for (const [country, { regions }] of Object.entries(REGIONS)) {
      const codes = regions.map((r) => r.code);
      expect(new Set(codes).size, country).toBe(codes.length);
      for (const { code, name } of regions) {
        expect(code.startsWith(`${country}-`), code).toBe(true);
        expect(code).toMatch(/^[A-Z]{2}-[A-Z0-9]{1,3}$/);
        expect(name.trim(), code).not.toBe('');
      }
    }
  });
});
