// react-intl asks `Intl.NumberFormat.supportedLocalesOf(locale)` when it creates its formatter, and
// intl-messageformat asks it for every message it compiles. The first such call makes the browser list all
// of its locales: about 50 ms on a desktop, 200 ms on Lighthouse's slow phone, in the middle of the first
// render (P-01, decision 0014). Vonk only ever passes one of its own eleven locales, which every supported
// browser has, so the build asks `Intl.getCanonicalLocales` instead: the same answer for those tags (the
// tag itself), without the list. The build fails if the call is gone from a package after an upgrade, so
// the rewrite is checked and not silently lost.
import type { Plugin } from 'vite';

const PACKAGES = /node_modules[\\/](@formatjs[\\/]intl|intl-messageformat)[\\/].*\.js$/;
const CALL = /Intl\.(NumberFormat|DateTimeFormat)\.supportedLocalesOf\(/g;

/** The source with every `supportedLocalesOf(` of Intl's formatters asked of `getCanonicalLocales(`. */
export function canonicalLocales(code: string): { code: string; count: number } {
  let count = 0;
  const out = code.replace(CALL, () => {
    count++;
    return 'Intl.getCanonicalLocales(';
  });
  return { code: out, count };
}

export function intlLocales(): Plugin {
  const rewritten = new Set<string>();
  return {
    name: 'vonk-intl-locales',
    apply: 'build',
    transform(code, id) {
      if (!PACKAGES.test(id)) return null;
      const { code: out, count } = canonicalLocales(code);
      if (count === 0) return null;
      rewritten.add(id.includes('@formatjs') ? '@formatjs/intl' : 'intl-messageformat');
      return { code: out, map: null };
    },
    buildEnd(error) {
      if (error) return;
      for (const pkg of ['@formatjs/intl', 'intl-messageformat']) {
        if (!rewritten.has(pkg)) this.error(`vonk-intl-locales: no supportedLocalesOf call left in ${pkg}`);
      }
    },
  };
}
