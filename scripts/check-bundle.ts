// `npm test` runs this after the build: the JavaScript a first visit loads (the entry chunk and every chunk
// it imports statically, which the page preloads) and each lazily loaded chunk stay within their gzip
// budgets (issue 11, decision 0010; the rule is scripts/bundle-budget.ts). Prints JSON; exits 1 when a
// budget is broken.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type ManifestChunk, measureBundle } from './bundle-budget.ts';

const web = join(resolve(import.meta.dirname, '..'), 'dist/web');
const manifest = JSON.parse(readFileSync(join(web, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const report = measureBundle(
  manifest,
  (file) => gzipSync(readFileSync(join(web, file)), { level: 9 }).length / 1000,
);
console.log(JSON.stringify(report, null, 2));
if (!report.within_budget) {
  console.error(`bundle budget broken: ${report.problems.join(', ')}`);
  process.exit(1);
}
