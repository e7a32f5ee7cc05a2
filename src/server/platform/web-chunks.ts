// The built web app's chunks as the server's pages preload them: Vite's manifest, the layouts, the catalogs.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The modules every server-rendered page preloads beside the entry: hydration needs the layouts and the
 * root chrome at once (platform/web.ts), so they count toward the first page's JavaScript
 * (scripts/check-bundle.ts).
 */
export const LAYOUT_MODULES = ['layouts/layouts.tsx', 'layouts/root-chrome.tsx'] as const;

/** Vite's manifest of the built web app (source module → its file, the files it imports). */
export type Manifest = Record<string, { file?: string; imports?: string[]; isEntry?: boolean }>;

export function readManifest(webDir: string): Manifest {
  const file = join(webDir, '.vite/manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
}

/**
 * The built catalog chunk of each locale, from Vite's manifest (`messages-<locale>-<hash>.js`). The page
 * preloads the one of its locale, so the catalog downloads beside the app's code instead of after it.
 */
export function catalogChunks(manifest: Manifest): Map<string, string> {
  const chunks = new Map<string, string>();
  for (const [source, entry] of Object.entries(manifest)) {
    const locale = /\/i18n\/messages\/([a-z]{2})\.json$/.exec(source)?.[1];
    if (locale && entry.file) chunks.set(locale, `/${entry.file}`);
  }
  return chunks;
}

/**
 * The chunks hydration needs beyond the entry: the layouts and the chunks they import, in the order they
 * are needed. Preloaded with the HTML, they download beside the entry instead of after it has run (P-01).
 */
export function layoutChunks(manifest: Manifest): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (seen.has(key) || !entry?.file || entry.isEntry) return;
    seen.add(key);
    files.push(`/${entry.file}`);
    for (const dep of entry.imports ?? []) visit(dep);
  };
  for (const key of LAYOUT_MODULES) visit(key);
  return files;
}
