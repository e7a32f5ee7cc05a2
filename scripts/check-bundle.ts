// `npm test` runs this after the build: the JavaScript a first visit loads (the entry chunk and every chunk
// it imports statically, which the page preloads) and each lazily loaded chunk stay within their gzip
// budgets (issue 11: entry <= 120 kB, a route chunk <= 60 kB). Catalog and page-text chunks are data of
// one locale each and are measured apart. Prints JSON; exits 1 when a budget is broken.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const web = join(root, 'dist/web');
const BUDGET = { entryKb: 120, chunkKb: 60 };

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
const manifest = JSON.parse(readFileSync(join(web, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const kb = (file: string) => gzipSync(readFileSync(join(web, file)), { level: 9 }).length / 1000;
const round = (x: number) => Number(x.toFixed(1));

const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error('no entry in the Vite manifest: was the web app built?');
const initial = new Set<string>();
const visit = (key: string) => {
  if (initial.has(key)) return;
  initial.add(key);
  for (const next of manifest[key]?.imports ?? []) visit(next);
};
visit(entryKey);

const entryFiles = [...initial].map((k) => manifest[k]?.file ?? k).filter((f) => f.endsWith('.js'));
const entryKb = round(entryFiles.reduce((sum, f) => sum + kb(f), 0));
const isData = (file: string) => /assets\/(messages|texts)-/.test(file);
const lazy = Object.entries(manifest)
  .filter(([key, c]) => !initial.has(key) && c.file.endsWith('.js') && !isData(c.file))
  .map(([, c]) => ({ file: c.file, kb: round(kb(c.file)) }))
  .sort((a, b) => b.kb - a.kb);
const data = Object.values(manifest)
  .filter((c) => isData(c.file))
  .map((c) => round(kb(c.file)));
const tooBig = lazy.filter((c) => c.kb > BUDGET.chunkKb);

const report = {
  budgets_kb_gzip: BUDGET,
  entry: { kb: entryKb, files: entryFiles },
  largest_lazy_chunks: lazy.slice(0, 8),
  largest_data_chunk_kb: Math.max(0, ...data),
  within_budget: entryKb <= BUDGET.entryKb && tooBig.length === 0,
};
console.log(JSON.stringify(report, null, 2));
if (!report.within_budget) {
  console.error(
    `bundle budget broken: entry ${entryKb} kB (max ${BUDGET.entryKb})${tooBig.map((c) => `, ${c.file} ${c.kb} kB (max ${BUDGET.chunkKb})`).join('')}`,
  );
  process.exit(1);
}
