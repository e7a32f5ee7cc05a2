// vitest globalSetup of the `api` and `pg` tiers: migrate and seed one database per run, which every
// test file then copies instead of migrating and seeding its own (that took about 7 of a small file's
// 8 seconds). PGlite: two dumps of an in-memory database (migrated, and migrated + seeded) written to a
// temporary folder. PostgreSQL (TEST_DATABASE_URL): two template databases, copied with
// `CREATE DATABASE … TEMPLATE`. Where they are travels to the test processes in environment variables,
// which the forked workers inherit.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { seedDemo } from '../demo/seed.ts';

export const TEMPLATE_ENV = {
  /** PGlite: a tarball of the migrated data folder. */
  migratedDump: 'VONK_TEST_MIGRATED_DUMP',
  /** PGlite: a tarball of the migrated and seeded data folder. */
  seededDump: 'VONK_TEST_SEEDED_DUMP',
  /** PostgreSQL: the migrated template database. */
  migratedTemplate: 'VONK_TEST_MIGRATED_TEMPLATE',
  /** PostgreSQL: the migrated and seeded template database. */
  seededTemplate: 'VONK_TEST_SEEDED_TEMPLATE',
};

async function admin<T>(serverUrl: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function pgliteDumps(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'vonk-test-template-'));
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  const client = (database.connection as { pglite: import('@electric-sql/pglite').PGlite }).pglite;
  const migrated = join(dir, 'migrated.tar');
  writeFileSync(migrated, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await seedDemo(database.db);
  const seeded = join(dir, 'seeded.tar');
  writeFileSync(seeded, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  process.env[TEMPLATE_ENV.migratedDump] = migrated;
  process.env[TEMPLATE_ENV.seededDump] = seeded;
  return () => rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplates(serverUrl: string): Promise<() => Promise<void>> {
  const tag = randomBytes(4).toString('hex');
  const migrated = `vonk_tpl_${tag}_migrated`;
  const seeded = `vonk_tpl_${tag}_seeded`;
  await admin(serverUrl, (c) => c.query(`create database ${migrated}`));
  const database = await openDatabase({ url: databaseUrl(serverUrl, migrated), dataDir: null });
  await database.migrate();
  await database.close();
  // A template must have no connections while it is copied: the pool above is closed.
  await admin(serverUrl, (c) => c.query(`create database ${seeded} template ${migrated}`));
  const seededDb = await openDatabase({ url: databaseUrl(serverUrl, seeded), dataDir: null });
  await seedDemo(seededDb.db);
  await seededDb.close();
  process.env[TEMPLATE_ENV.migratedTemplate] = migrated;
  process.env[TEMPLATE_ENV.seededTemplate] = seeded;
  return () =>
    admin(serverUrl, async (c) => {
      await c.query(`drop database if exists ${seeded} with (force)`);
      await c.query(`drop database if exists ${migrated} with (force)`);
    });
}

export default async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const teardown = serverUrl ? await postgresTemplates(serverUrl) : await pgliteDumps();
  return async () => {
    await teardown();
  };
}
