// `npm test`: every check in order, each phase timed: typecheck, lint, import rules, spec texts, the
// build (browser, back office and server render), the unit and api test tiers, the bundle check and the e2e tier. Stops
// at the first phase that fails. Prints one line
// per phase and writes the timings to test-reports/phases.json, which `.ci/run` adds to its summary.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const node = process.execPath;
const bin = (path: string) => join(root, 'node_modules', path);

const phases: [name: string, args: string[]][] = [
  ['typecheck', [bin('typescript/bin/tsc'), '-b']],
  ['lint', [bin('@biomejs/biome/bin/biome'), 'check', '.']],
  ['import rules', [join(root, 'scripts/import-rules.ts')]],
  ['spec texts', [join(root, '../shared/tools/spec-texts.mjs')]],
  // The api tests render pages with the built app (dist/web and the server's render, dist/ssr).
  ['build', [bin('vite/bin/vite.js'), 'build', '--logLevel', 'warn']],
  // The back office's own build, into dist/web/admin: after the members' one, which empties dist/web.
  [
    'back office build',
    [bin('vite/bin/vite.js'), 'build', '-c', 'vite.admin.config.ts', '--logLevel', 'warn'],
  ],
  [
    'server render build',
    [bin('vite/bin/vite.js'), 'build', '--ssr', 'entry-server.tsx', '--logLevel', 'warn'],
  ],
  ['unit and api', [bin('vitest/vitest.mjs'), 'run', '--project', 'unit', '--project', 'api']],
  ['bundle check', [join(root, 'scripts/check-bundle.ts')]],
  ['browser', [join(root, 'scripts/ensure-browser.ts')]],
  ['e2e', [bin('@playwright/test/cli.js'), 'test']],
];

const timings: { phase: string; seconds: number; ok: boolean }[] = [];
mkdirSync(join(root, 'test-reports'), { recursive: true });
let failed = false;
for (const [phase, args] of phases) {
  console.log(`\n== ${phase}`);
  const started = performance.now();
  const { status } = spawnSync(node, args, { cwd: root, stdio: 'inherit' });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  timings.push({ phase, seconds, ok: status === 0 });
  console.log(`== ${phase}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
  if (status !== 0) {
    failed = true;
    break;
  }
}
writeFileSync(join(root, 'test-reports/phases.json'), `${JSON.stringify(timings, null, 2)}\n`);
console.log(`\nnpm test: ${timings.map((t) => `${t.phase} ${t.seconds} s`).join(', ')}`);
process.exit(failed ? 1 : 0);
