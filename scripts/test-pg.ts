// `npm run test:pg`: the `pg` tier (vitest.config.ts): the suites that behave differently on a real
// PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres) and Redis (default
// redis://127.0.0.1:6379), each test file on its own copy of a migrated and seeded template database.
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
  [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'pg', ...process.argv.slice(2)],
  { cwd: root, env, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
