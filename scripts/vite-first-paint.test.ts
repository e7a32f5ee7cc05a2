import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './vite-compile-hints.ts';
import { canonicalLocales } from './vite-intl-locales.ts';

const require = createRequire(import.meta.url);

describe('P-01 decision 0016: build steps for a short first render', () => {
  it('P-01 the installed react-intl and intl-messageformat lose every locale listing, and nothing else changes', () => {
    for (const pkg of ['@formatjs/intl', 'intl-messageformat']) {
      const source = readFileSync(require.resolve(pkg), 'utf8');
      const { code, count } = canonicalLocales(source);
      // The plugin fails the build when a package no longer has the call; here, that the rewrite still bites.
      expect(count, pkg).toBeGreaterThan(0);
      expect(code).not.toContain('supportedLocalesOf');
      expect(code.replaceAll('Intl.getCanonicalLocales(', '')).toBe(
        source.replace(/Intl\.(NumberFormat|DateTimeFormat)\.supportedLocalesOf\(/g, ''),
      );
    }
  });

  it('P-01 compile hints go on the entry and the first pages only, once', () => {
    const chunk = (name: string, isEntry = false) => ({
      type: 'chunk' as const,
      name,
      isEntry,
      code: 'x();',
    });
    const bundle = {
      'index.js': chunk('index', true),
      'layouts.js': chunk('layouts'),
      'home-page.js': chunk('home-page'),
      'common.js': chunk('common'),
      'chat-page.js': chunk('chat-page'),
      'index.css': { type: 'asset' as const, name: 'index.css', source: '' },
    };
    const plugin = compileHints();
    const hook = plugin.generateBundle as unknown as { handler: (o: unknown, b: typeof bundle) => void };
    hook.handler({}, bundle);
    hook.handler({}, bundle);
    const hinted = Object.entries(bundle)
      .filter(([, c]) => c.type === 'chunk' && c.code.startsWith(COMPILE_HINT))
      .map(([file]) => file);
    expect(hinted).toEqual(['index.js', 'layouts.js', 'home-page.js']);
    expect(bundle['index.js'].code).toBe(`${COMPILE_HINT}x();`);
  });
});
