import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { SERVER_ONLY_KEY } from '../src/shared/i18n/server-only.ts';

/**
 * Turns the message catalogs into parsed ICU syntax trees at build time, so the browser needs no ICU
 * parser (the parser is aliased away in production builds and the bundle is about 10 kB smaller), and
 * leaves out the texts only the server uses (`SERVER_ONLY_KEY`).
 */
export function precompileMessages(): Plugin {
  return {
    name: 'vonk-precompile-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/i18n\/messages\/[a-z]{2}\.json$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages)
          .filter(([k]) => !SERVER_ONLY_KEY.test(k))
          .map(([k, v]) => [k, parse(v, { captureLocation: false })]),
      );
      // Still JSON: Vite's own JSON plugin turns it into a module afterwards.
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
