import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemo } from './db/seed.ts';
import { purgeDeletedAccounts } from './features/accounts/account-settings.ts';
import { deleteAllPhotosOf } from './features/photos/service.ts';
import { warmGeoIndex } from './platform/geo.ts';
import { startJobs } from './platform/jobs.ts';

/** Starts Vonk: configuration, database (migrated, demo data on first start), HTTP server. */
export async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const started = performance.now();
  let log: { warn(obj: object, msg: string): void } | undefined;
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (err) =>
      log
        ? log.warn({ err }, 'database connection dropped')
        : console.warn('database connection dropped:', err),
  });
  await database.migrate();
  const seeded = config.seedDemo
    ? await seedDemo(database.db, { withDemoMember: config.env !== 'production', members: 2000 })
    : null;
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 3 }) : undefined;
  const app = await buildApp({ config, database, redis });
  log = app.log;

  const stopJobs = startJobs(
    [
      {
        name: 'purge-deleted-accounts',
        everyMs: 3_600_000,
        run: (now) =>
          purgeDeletedAccounts(app.db, (id) => deleteAllPhotosOf(app.db, app.media, id).then(() => {}), now),
      },
    ],
    app.log,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      stopJobs();
      await app.close();
      await redis?.quit();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Build the reverse-geocoding index now rather than on the first visitor's request.
  setTimeout(warmGeoIndex, 1000).unref();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://localhost:${port}`;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\n  Vonk is running at ${url}  (${database.driver}, ready in ${seconds} s)`);
  if (seeded?.notes.length) for (const line of seeded.notes) console.log(`  ${line}`);
  console.log('');
}

if (import.meta.main) await main();
