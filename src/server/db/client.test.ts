import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app.ts';
import type { Db } from './client.ts';

const backendPid = async (db: Db) =>
  ((await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }).rows[0]
    ?.pid;

// Only a PostgreSQL server has connections that can be dropped under the app (`npm run test:pg`).
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('PostgreSQL connection pool', () => {
  it('P-16 an idle connection the server drops is reported, replaced, and does not crash the process', async () => {
    const reported: Error[] = [];
    const database = await createTestDatabase({ onConnectionError: (err) => reported.push(err) });
    try {
      const pid = await backendPid(database.db);
      expect(pid).toBeTypeOf('number');
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      await new Promise((done) => setTimeout(done, 100));
      expect(await backendPid(database.db)).not.toBe(pid);
      expect(reported.map((e) => (e as Error & { code?: string }).code)).toEqual(['57P01']);
    } finally {
      await database.drop();
    }
  });

  it('P-16 dropping a database whose pool was busy leaves no stray connection errors', async () => {
    const database = await createTestDatabase();
    await Promise.all(Array.from({ length: 40 }, () => database.db.execute(sql`select pg_sleep(0.01)`)));
    await database.drop();
  });
});
