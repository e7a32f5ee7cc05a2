// `npm test` runs this after the build: the JavaScript a first visit loads (the entry chunk and every chunk
// it imports statically, which the page preloads) and each lazily loaded chunk stay within their gzip
// budgets (issue 11, decision 0010, issue 24; the rule is scripts/bundle-budget.ts), and React's own
// react-dom, not Preact, is what the browser runs, and the back office is in none of the members' chunks. Prints JSON; exits 1 when either fails.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { LAYOUT_MODULES } from '../src/server/platform/web-chunks.ts';
import { API } from '../src/shared/contract/api.ts';
import { BUDGET, type ManifestChunk, measureBundle } from './bundle-budget.ts';

const web = join(resolve(import.meta.dirname, '..'), 'dist/web');
const manifest = JSON.parse(readFileSync(join(web, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
// The .br copy the server sends, else the file compressed as the build does.
const onTheWire = (file: string) => {
  const br = join(web, `${file}.br`);
  if (existsSync(br)) return readFileSync(br).length / 1000;
  const raw = readFileSync(join(web, file));
  return brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length / 1000;
};
// The page also preloads the catalog of its locale (Dutch, the largest visitor group, is the yardstick).
const catalogKey = Object.keys(manifest).find((k) => k.endsWith('i18n/messages/nl.json'));
const report = measureBundle(manifest, onTheWire, BUDGET, [
  ...LAYOUT_MODULES,
  ...(catalogKey ? [catalogKey] : []),
]);

// Issue 24: what runs in the browser is React's own react-dom, and no Preact.
const code = readdirSync(join(web, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => readFileSync(join(web, 'assets', f), 'utf8'))
  .join('\n');
const framework = {
  react_dom: /react\.dev\/errors\//.test(code) && /__reactContainer\$|__reactFiber\$|reactFiber/.test(code),
  preact: /__PREACT_DEVTOOLS__|preact\/compat|__preactattr_/.test(code),
};
// Issue 23: the back office is its own build under dist/web/admin; not a byte of it is in the members'
// app (its texts, its API, its pages), and it was built at all.
const adminDir = join(web, 'admin', 'assets');
const admin = {
  built: existsSync(join(web, 'admin', 'index.html')) && existsSync(adminDir),
  in_member_bundle: /\/api\/admin|admin\.title|vonk\.admin\.locale/.test(code),
};
// Decision 0034: the browser calls endpoints by key and imports the contract's list as a type only. A group
// of endpoints (summaries and schemas) whose `endpoints()` call lost its pure mark ships with the contract's
// constants: no endpoint's summary may be in any chunk.
const shipped = Object.entries(API)
  .filter(([, def]) => ['"', "'", '`'].some((q) => code.includes(`summary:${q}${def.summary}`)))
  .map(([key]) => key);
const problems = [
  ...report.problems,
  ...(shipped.length > 0 ? [`endpoint definitions are in the members' bundle: ${shipped.join(', ')}`] : []),
  ...(admin.built ? [] : ['the back office is not built (dist/web/admin)']),
  ...(admin.in_member_bundle ? ["back-office code is in the members' bundle"] : []),
  ...(framework.react_dom ? [] : ["react-dom's code is not in the bundle"]),
  ...(framework.preact ? ['Preact is in the bundle'] : []),
];
console.log(
  JSON.stringify(
    {
      ...report,
      framework,
      admin,
      endpoints_in_bundle: shipped.length,
      within_budget: problems.length === 0,
      problems,
    },
    null,
    2,
  ),
);
if (problems.length > 0) {
  console.error(`bundle check failed: ${problems.join(', ')}`);
  process.exit(1);
}
