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

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
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
export async function openDatabase(opts: { url?: string; dataDir: string | null }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pg',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = join(opts.dataDir, 'pg');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir ? { dataDir: dir } : {});
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}
