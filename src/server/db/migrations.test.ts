import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

it('the committed migrations match the schema (no drift)', () => {
  const out = mkdtempSync(join(tmpdir(), 'vonk-drift-'));
  try {
    cpSync(join(root, 'src/server/db/migrations'), out, { recursive: true });
    const before = readdirSync(out).length;
    execFileSync(
      process.execPath,
      [
        join(root, 'node_modules/drizzle-kit/bin.cjs'),
        'generate',
        '--dialect=postgresql',
        '--schema=src/server/db/schema.ts',
        `--out=${out}`,
      ],
      { cwd: root, stdio: 'pipe' },
    );
    expect(readdirSync(out).length, 'drizzle-kit generated a new migration: run npm run db:generate').toBe(
      before,
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 60_000);
