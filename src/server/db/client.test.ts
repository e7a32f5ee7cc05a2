import { type AddressInfo, createServer, connect as netConnect, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedDemo } from '../demo/seed.ts';
import { createTestDatabase } from '../test/app.ts';
import { type Db, openDatabase } from './client.ts';

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
      await vi.waitFor(
        () => expect(reported.map((e) => (e as Error & { code?: string }).code)).toEqual(['57P01']),
        { timeout: 5000, interval: 10 },
      );
      expect(await backendPid(database.db)).not.toBe(pid);
    } finally {
      await database.drop();
    }
  });

  it('P-16 dropping a database whose pool was busy leaves no stray connection errors', async () => {
    const reported: Error[] = [];
    const database = await createTestDatabase({ onConnectionError: (err) => reported.push(err) });
    const name = new URL(database.url ?? '').pathname.slice(1);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const backends = async () =>
        (
          await admin.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          )
        ).rows[0]?.n;
      await Promise.all(Array.from({ length: 40 }, () => database.db.execute(sql`select pg_sleep(0.01)`)));
      expect(await backends()).toBe(10); // every connection of the pool was opened
      // Closing waits until the server has let go of every connection: a drop finds none to kill.
      await database.close();
      expect(await backends()).toBe(0);
      await admin.query(`drop database ${name}`);
      expect((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount).toBe(0);
      expect(reported).toEqual([]);
    } finally {
      await admin.end();
    }
  });

  it('P-16 with the database server gone the API answers 503 with Retry-After, never 500, and recovers when it is back', async () => {
    const scratch = await createTestDatabase();
    await seedDemo(scratch.db);
    const target = new URL(scratch.url ?? '');
    // A TCP proxy in front of PostgreSQL, switched off the way a server goes down: the open connections
    // are cut and new ones are refused.
    const sockets = new Set<Socket>();
    const proxy = () =>
      createServer((client) => {
        const upstream = netConnect(Number(target.port || 5432), target.hostname);
        const cut = () => {
          client.destroy();
          upstream.destroy();
        };
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', cut).on('close', cut);
        }
        client.pipe(upstream).pipe(client);
      });
    const listen = (server: Server, port = 0) =>
      new Promise<number>((done) =>
        server.listen(port, '127.0.0.1', () => done((server.address() as AddressInfo).port)),
      );
    let server = proxy();
    const port = await listen(server);
    const proxied = new URL(target);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(port);
    const database = await openDatabase({
      url: proxied.toString(),
      dataDir: null,
      onConnectionError: () => {},
    });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/vonk-test', RATE_LIMIT_FACTOR: '100' });
    const app = await buildApp({ config, database });
    await app.ready();
    try {
      expect((await app.inject('/api/showcase')).statusCode).toBe(200);
      await new Promise((done) => {
        server.close(done);
        for (const s of sockets) s.destroy();
      });
      // The pool's idle connections were cut and every new one is refused (ECONNREFUSED): each answer is
      // the localised 503 that tells the client to try again.
      for (let i = 0; i < 4; i++) {
        const res = await app.inject({ url: '/api/showcase', headers: { 'accept-language': 'nl' } });
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBe('1');
        expect(res.json().error).toEqual({
          code: 'unavailable',
          message: 'Er is een fout opgetreden, probeer het later opnieuw.',
        });
      }
      server = proxy();
      await listen(server, port);
      await expect
        .poll(async () => (await app.inject('/api/showcase')).statusCode, { timeout: 10_000 })
        .toBe(200);
    } finally {
      await app.close();
      await database.close();
      server.close();
      await scratch.drop();
    }
  });
});
