import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => …)`: every query function takes `Db | Tx`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** What the job queue (pg-boss, `platform/jobs.ts`) connects through: the server's URL, or the embedded instance. */
  connection: { url: string } | { pglite: PGlite };
  /** Applies the committed migrations. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = resolve(import.meta.dirname, 'migrations');

/**
 * Opens PostgreSQL: the server at `url` through a node-postgres pool, or else the embedded PGlite
 * (one connection, data in `dataDir`, or in memory when `dataDir` is null).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir: string | null;
  /** Told of errors on idle pooled connections (server restart, failover); the pool replaces them. */
  onConnectionError?: (err: Error) => void;
  /** PGlite only: start from this dump of a data folder (`dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection the server drops must not crash the process: the pool discards it and opens
    // a new one on demand. Every client keeps a listener until its socket has really closed, because
    // pool.end() resolves before the sockets are gone.
    const live = new Set<pg.PoolClient>();
    let closing = false;
    const report = (err: Error) => {
      if (!closing)
        (opts.onConnectionError ?? ((e) => console.warn('database connection error:', e.message)))(err);
    };
    pool.on('error', () => {}); // the same error reaches the client's own listener below
    pool.on('connect', (client) => {
      live.add(client);
      client.on('error', report);
      client.once('end', () => live.delete(client));
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pg',
      connection: { url: opts.url },
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      ping: async () => void (await pool.query('select 1')),
      close: async () => {
        closing = true;
        const ended = [...live].map((c) => new Promise<void>((done) => c.once('end', () => done())));
        await pool.end();
        await Promise.race([Promise.all(ended), new Promise((done) => setTimeout(done, 5000).unref())]);
      },
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = join(opts.dataDir, 'pg');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    connection: { pglite: client },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}
