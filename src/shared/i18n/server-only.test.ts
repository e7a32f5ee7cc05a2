import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogs } from './catalogs.ts';
import { SERVER_ONLY_KEY } from './server-only.ts';

const webRoot = join(import.meta.dirname, '../../web');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('I-01 server-only catalog keys', () => {
  it('I-01 no page of the browser asks for a text the browser catalogs leave out', () => {
    const keys = Object.keys(catalogs.nl).filter((k) => SERVER_ONLY_KEY.test(k));
    expect(keys.length).toBeGreaterThan(20);
    const prefixes = ['mail.', 'receipt.'];
    const asking = sources(webRoot).filter((file) => {
      const text = readFileSync(file, 'utf8');
      return prefixes.some((p) => [`'${p}`, `"${p}`, `\`${p}`].some((q) => text.includes(q)));
    });
    expect(asking).toEqual([]);
  });
});
