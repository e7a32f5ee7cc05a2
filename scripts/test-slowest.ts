// `npm run test:slowest`: the 20 slowest tests and test files of the last runs, from the JSON reports that
// vitest (test-reports/vitest.json, test-reports/vitest-pg.json) and Playwright (test-reports/playwright.json)
// write. Run the tiers first; a report that is missing is skipped.
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const TOP = Number(process.env.TOP ?? 20);

interface Timed {
  tier: string;
  name: string;
  ms: number;
}

const tests: Timed[] = [];
const files: Timed[] = [];

function read(path: string): unknown {
  const full = resolve(root, path);
  return existsSync(full) ? JSON.parse(readFileSync(full, 'utf8')) : undefined;
}

interface VitestReport {
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: { fullName: string; duration?: number | null }[];
  }[];
}

for (const [tier, path] of [
  ['unit+api', 'test-reports/vitest.json'],
  ['pg', 'test-reports/vitest-pg.json'],
] as const) {
  const report = read(path) as VitestReport | undefined;
  for (const file of report?.testResults ?? []) {
    const name = relative(root, file.name);
    files.push({ tier, name, ms: file.endTime - file.startTime });
    for (const t of file.assertionResults)
      tests.push({ tier, name: `${name} › ${t.fullName}`, ms: t.duration ?? 0 });
  }
}

interface PwSuite {
  file?: string;
  title: string;
  specs?: { title: string; tests: { results: { duration: number }[] }[] }[];
  suites?: PwSuite[];
}

const e2e = read('test-reports/playwright.json') as { suites: PwSuite[] } | undefined;
const perFile = new Map<string, number>();
function walk(suite: PwSuite, file: string, path: string[]) {
  for (const spec of suite.specs ?? []) {
    // Every try counts: a retried journey cost the run both tries.
    const ms = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + r.duration, 0);
    tests.push({ tier: 'e2e', name: `${file} › ${[...path, spec.title].join(' › ')}`, ms });
    perFile.set(file, (perFile.get(file) ?? 0) + ms);
  }
  for (const child of suite.suites ?? []) walk(child, file, [...path, child.title]);
}
for (const suite of e2e?.suites ?? []) walk(suite, suite.file ?? suite.title, []);
for (const [name, ms] of perFile) files.push({ tier: 'e2e', name: `${name} (sum of its tests)`, ms });

function print(title: string, rows: Timed[]) {
  console.log(`\n${title}`);
  for (const row of rows.sort((a, b) => b.ms - a.ms).slice(0, TOP))
    console.log(`${(row.ms / 1000).toFixed(1).padStart(8)} s  ${row.tier.padEnd(8)} ${row.name}`);
}

if (!tests.length) {
  console.log('No reports yet: run npm run test:unit, npm run test:pg or npm run test:e2e first.');
  process.exit(0);
}
print(`The ${TOP} slowest test files`, files);
print(`The ${TOP} slowest tests`, tests);
