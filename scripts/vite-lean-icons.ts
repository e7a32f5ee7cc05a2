import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const lean = fileURLToPath(new URL('../src/web/components/lucide-icon.ts', import.meta.url));

/**
 * Decision 0019: lucide-react's icons keep their data and names, but are drawn by Vonk's own
 * `createLucideIcon` (src/web/components/lucide-icon.ts): one `<use>` of a shared `<symbol>` per icon.
 */
export function leanIcons(): Plugin {
  return {
    name: 'vonk-lean-icons',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        importer &&
        /[\\/]lucide-react[\\/]/.test(importer) &&
        /^\.\.?\/createLucideIcon\.mjs$/.test(source)
      ) {
        return lean;
      }
      return null;
    },
  };
}
