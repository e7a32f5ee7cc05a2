import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The staff area's texts (O-01, O-06): Dutch and English say the same things, and every text the pages
// and the server name exists.
const dir = join(import.meta.dirname, '../../../../shared/i18n/admin');
const load = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, string>;
// Every non-test file of the staff and sign-in pages and of the server's auth and staff parts.
const filesIn = (rel: string, pattern: RegExp) =>
  readdirSync(join(import.meta.dirname, rel))
    .filter((f) => pattern.test(f) && !f.includes('.test.'))
    .map((f) => `${rel}/${f}`);
const sources = [
  ...filesIn('../auth', /\.tsx$/),
  ...filesIn('.', /\.tsx$/),
  '../../step-up.tsx',
  ...filesIn('../../../../server/features/admin', /^(auth|staff)-.*\.ts$/),
].map((p) => readFileSync(join(import.meta.dirname, p), 'utf8'));

describe('staff texts (O-01, O-06)', () => {
  it('O-01 every admin catalog has the same keys in Dutch and English', () => {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.nl.json'))) {
      expect(Object.keys(load(file.replace('.nl.', '.en.'))).sort(), file).toEqual(
        Object.keys(load(file)).sort(),
      );
    }
  });

  it('O-01 every text id the staff pages and routes name exists in both languages', () => {
    const all = { nl: {} as Record<string, string>, en: {} as Record<string, string> };
    for (const file of readdirSync(dir)) {
      const locale = /\.(nl|en)\.json$/.exec(file)?.[1] as 'nl' | 'en' | undefined;
      if (locale) Object.assign(all[locale], load(file));
    }
    const ids = new Set<string>();
    for (const src of sources)
      for (const m of src.matchAll(/['"](admin\.[a-z_]+(?:\.[a-z_]+)+)['"]/g)) ids.add(m[1] as string);
    for (const f of ['staffId', 'action', 'objectType', 'objectId', 'siteId', 'from', 'to'])
      ids.add(`admin.audit.filter_${f}`);
    for (const s of ['invited', 'active', 'disabled']) ids.add(`admin.staff.status_${s}`);
    for (const k of ['disable', 'enable']) ids.add(`admin.staff.done_${k}`);
    expect(ids.size).toBeGreaterThan(80);
    for (const id of ids) {
      expect(all.nl[id], `nl ${id}`).toBeTruthy();
      expect(all.en[id], `en ${id}`).toBeTruthy();
    }
  });
});
