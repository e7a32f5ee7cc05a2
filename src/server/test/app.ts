import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { seedDemo } from '../demo/seed.ts';
import type { Bus } from '../platform/bus.ts';
import { TEMPLATE_ENV } from './global-setup.ts';

/**
 * A fresh database for one test file: embedded PGlite in memory, or, when TEST_DATABASE_URL points at a
 * PostgreSQL server, a scratch database made there and dropped afterwards (only a real server shows
 * races between connections). It is a copy of the run's template (`global-setup.ts`): migrated, and with
 * `seeded` also carrying the demo sites, prices and demo member, so no file migrates or seeds its own.
 * Outside a run with that setup it migrates (and seeds) itself.
 */
export async function createTestDatabase(
  opts: { onConnectionError?: (err: Error) => void; seeded?: boolean } = {},
): Promise<Database & { drop(): Promise<void>; url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dump = process.env[opts.seeded ? TEMPLATE_ENV.seededDump : TEMPLATE_ENV.migratedDump];
    const database = await openDatabase({
      dataDir: null,
      ...(dump ? { loadDataDir: new Blob([readFileSync(dump)]) } : {}),
    });
    if (!dump) await prepare(database, opts.seeded);
    return { ...database, drop: () => database.close() };
  }
  const name = `vonk_test_${randomBytes(6).toString('hex')}`;
  const template = process.env[opts.seeded ? TEMPLATE_ENV.seededTemplate : TEMPLATE_ENV.migratedTemplate];
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    url: url.toString(),
    dataDir: null,
    onConnectionError: opts.onConnectionError,
  });
  if (!template) await prepare(database, opts.seeded);
  return {
    ...database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function prepare(database: Database, seeded = false) {
  await database.migrate();
  if (seeded) await seedDemo(database.db);
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** A web app shell like the built one, with the placeholders the server fills in. */
export const TEST_SHELL =
  '<!doctype html><html lang="nl"><head><title>Vonk</title><meta name="description" content="__DESCRIPTION__" /><meta name="theme-color" content="__THEME__" /></head><body></body></html>';

/**
 * The real app on a fresh, migrated, seeded database; inject requests with app.inject. `webShell`
 * serves that index.html from a temporary folder, so page tests do not depend on a web build; `webFiles`
 * adds built files beside it (paths relative to the folder, e.g. `assets/app-1a2b.js`).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: {
    redis?: Redis;
    webShell?: string;
    webFiles?: Record<string, string | Buffer>;
    logStream?: DestinationStream;
    bus?: Bus;
    pushAgent?: Agent;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ seeded: true });
  let webDir: string | undefined;
  if (deps.webShell !== undefined) {
    webDir = mkdtempSync(join(tmpdir(), 'vonk-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), deps.webShell);
    for (const [path, body] of Object.entries(deps.webFiles ?? {})) {
      mkdirSync(dirname(join(webDir, path)), { recursive: true });
      writeFileSync(join(webDir, path), body);
    }
  }
  const loaded = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/vonk-test',
    RATE_LIMIT_FACTOR: '100',
    ...env,
  });
  const config = webDir ? { ...loaded, webDir } : loaded;
  const app = await buildApp({
    config,
    database,
    redis: deps.redis,
    logStream: deps.logStream,
    bus: deps.bus,
    pushAgent: deps.pushAgent,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.drop();
      if (webDir) rmSync(webDir, { recursive: true, force: true });
    },
  };
}
