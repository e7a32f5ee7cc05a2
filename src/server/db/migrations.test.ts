import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import * as schema from './schema.ts';

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

it('P-16 the migrations apply to an empty database (every other test file starts from a copy)', async () => {
  const empty = await openDatabase({ dataDir: null });
  try {
    await empty.migrate();
    const tables = (await empty.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
    )) as unknown as { rows: { name: string }[] };
    const names = tables.rows.map((r) => r.name);
    // Every table of the schema exists after the committed migrations, and nothing else.
    const expected = (Object.values(schema) as unknown[])
      .filter((t): t is PgTable => is(t, PgTable))
      .map((t) => getTableName(t));
    expect(names.sort()).toEqual([...expected].sort());
  } finally {
    await empty.close();
  }
}, 60_000);
