import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'vonk-admin-create-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm run admin:create -- ...args` as a person would, on its own embedded database. */
async function adminCreate(...args: string[]) {
  const { DATABASE_URL: _, ...env } = process.env;
  return run(process.execPath, ['scripts/admin-create.ts', ...args], {
    env: { ...env, DATA_DIR: dataDir, PUBLIC_URL: 'https://beheer.example.test', NODE_ENV: 'production' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
}

describe('npm run admin:create (O-01)', () => {
  it('O-01 makes the first admin and prints a one-time enrolment link; refuses bad input', {
    timeout: 120_000,
  }, async () => {
    const first = await adminCreate('First.Admin@example.test', '--name', 'Ada');
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Admin first.admin@example.test created.');
    const link = /https:\/\/beheer\.example\.test\/admin\/enrol\/([\w-]{40,})/.exec(first.stdout);
    expect(link).not.toBeNull();

    // A second run for the same address (a new link while not enrolled) is createAdmin's, tested in
    // features/admin/auth.test.ts; each run here migrates a fresh embedded database, so one is enough.

    const bad = await adminCreate('not-an-address');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Usage: npm run admin:create -- EMAIL [--name NAME]');
    const badName = await adminCreate('x@example.test', '--name', 'a\u0007b');
    expect(badName.code).toBe(2);
  });
});
