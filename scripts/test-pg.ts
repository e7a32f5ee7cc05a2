// `npm run test:pg`: the API suites again, each test file on its own scratch database of a real PostgreSQL
// server (default postgres://postgres@127.0.0.1:5432/postgres), because only a server with many
// connections shows races. Redis-backed suites use REDIS_URL (default redis://127.0.0.1:6379).
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
};
const result = spawnSync(
  process.execPath,
  [join(root, 'node_modules/vitest/vitest.mjs'), 'run', 'src/server', ...process.argv.slice(2)],
  { cwd: root, env, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
