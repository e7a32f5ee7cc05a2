import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app.ts';

// SQL functions have one source file each under db/functions/ (issue 22: chat_send() had been rewritten
// whole in five migrations). A change is made there and copied into a new migration; these tests fail
// while the two differ, and while the migrated database runs anything else.
const dir = join(import.meta.dirname, 'functions');
const migrationsDir = join(import.meta.dirname, 'migrations');

/** The `CREATE OR REPLACE FUNCTION name(` statement up to its closing `$$;`, without comment lines. */
function definition(text: string, name: string, from = 0): { statement: string; end: number } | undefined {
  const start = text.indexOf(`CREATE OR REPLACE FUNCTION ${name}(`, from);
  if (start < 0) return undefined;
  const open = text.indexOf('$$', start);
  const close = text.indexOf('$$;', open + 2);
  if (open < 0 || close < 0) return undefined;
  return { statement: text.slice(start, close + 3), end: close + 3 };
}

/** The last definition of `name` across the migrations, in their order, and the file it is in. */
function latestMigrationDefinition(name: string): { file: string; statement: string } | undefined {
  let latest: { file: string; statement: string } | undefined;
  for (const file of readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const text = readFileSync(join(migrationsDir, file), 'utf8');
    for (let found = definition(text, name); found; found = definition(text, name, found.end)) {
      latest = { file, statement: found.statement };
    }
  }
  return latest;
}

const sources = readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .map((f) => {
    const name = f.replace(/\.sql$/, '');
    const found = definition(readFileSync(join(dir, f), 'utf8'), name);
    if (!found) throw new Error(`db/functions/${f} defines no function ${name}()`);
    return { name, statement: found.statement };
  });

describe('SQL functions: one source each (issue 22)', () => {
  it('C-01 chat_send() has its source file', () => {
    expect(sources.map((s) => s.name)).toContain('chat_send');
  });

  it('C-01 C-03 book_credits(), the one booking of credits (decision 0032), has its source file', () => {
    expect(sources.map((s) => s.name)).toContain('book_credits');
  });

  it('C-03 chat_send() books paid sends through book_credits() and writes no balance or ledger row itself', () => {
    const chatSend = sources.find((s) => s.name === 'chat_send')?.statement ?? '';
    expect(chatSend).toContain('book_credits(');
    expect(chatSend).not.toMatch(/UPDATE\s+users\b/i);
    expect(chatSend).not.toMatch(/INSERT\s+INTO\s+credit_ledger\b/i);
  });

  it.each(sources)(
    'C-01 $name: the latest migration defines exactly the source file',
    ({ name, statement }) => {
      const latest = latestMigrationDefinition(name);
      expect(latest, `no migration defines ${name}()`).toBeDefined();
      expect(
        statement,
        `db/functions/${name}.sql differs from ${latest?.file}: write a migration with the file's text`,
      ).toBe(latest?.statement);
    },
  );

  describe('in a migrated database', () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database.drop());

    it.each(sources)('C-01 $name runs the body of its source file', async ({ name, statement }) => {
      const body = statement.slice(statement.indexOf('$$') + 2, statement.lastIndexOf('$$'));
      const result = (await database.db.execute(
        sql`select prosrc from pg_proc where proname = ${name}`,
      )) as unknown as { rows: { prosrc: string }[] };
      expect(result.rows.map((r) => r.prosrc)).toEqual([body]);
    });
  });
});
