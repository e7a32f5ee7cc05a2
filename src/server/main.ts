import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError, lockDataDir } from './db/data-lock.ts';
import { seedDemo } from './demo/seed.ts';
import { purgeDeletedAccounts } from './features/accounts/account-settings.ts';
import { tokenPurgeJob } from './features/accounts/token-purge.ts';
import { demoAdminLine } from './features/admin/index.ts';
import { releaseHeldCredits } from './features/credits/payments.ts';
import { notificationMailJobs } from './features/notifications/mail-notices.ts';
import { deleteAllPhotosOf } from './features/photos/service.ts';
import { warmGeoIndex } from './platform/geo.ts';
import { startJobs } from './platform/jobs.ts';
import { mailPurgeJob } from './platform/mail-purge.ts';
import { MAIL_QUEUE, outboxSender } from './platform/mail-sender.ts';
import { devToolsWarning, operationsBanner } from './platform/operations.ts';
import { createRedis, type RedisLog } from './platform/redis.ts';
import { jobOrigin } from './platform/site.ts';

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
  // The embedded database has one writer: a second process on the same folder is refused before it opens
  // anything (and before it could fail on the port after opening the database).
  let dataLock: { release(): void } | undefined;
  if (!config.databaseUrl) {
    try {
      dataLock = await lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(err.message);
        process.exit(1);
      }
      throw err;
    }
  }
  let log: RedisLog | undefined;
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
    ? await seedDemo(database.db, {
        withDemoMember: config.env !== 'production',
        members: config.seedDemoMembers,
      })
    : null;
  const redis = config.redisUrl
    ? createRedis(config.redisUrl, () => log ?? { warn: console.warn, info: console.log })
    : undefined;
  const app = await buildApp({ config, database, redis });
  log = app.log;

  // Scheduled jobs and the outbox sender run on pg-boss, in the app's database (decision 0009).
  const sender = config.smtpUrl ? outboxSender(app.db, config.smtpUrl) : undefined;
  const jobs = await startJobs(
    [
      {
        name: 'purge-deleted-accounts',
        everyMs: 3_600_000,
        run: (now) =>
          purgeDeletedAccounts(app.db, (id) => deleteAllPhotosOf(app.db, app.media, id).then(() => {}), now),
      },
      mailPurgeJob(app.db),
      { name: 'release-held-credits', everyMs: 60_000, run: (now) => releaseHeldCredits(app.db, now) },
      tokenPurgeJob(app.db),
      ...(sender ? [sender.sweep] : []),
      ...notificationMailJobs({
        db: app.db,
        mailer: app.mailer,
        originOf: (site) => jobOrigin(site, config),
      }),
    ],
    app.log,
    { database, workers: sender ? [sender.worker] : [] },
  );
  app.mailer.onQueued = (id) =>
    void jobs
      .enqueue(MAIL_QUEUE, { id }, String(id))
      .catch((err) => app.log.warn({ err, id }, 'mail left for the outbox sweep'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await jobs.stop();
      sender?.close();
      await redis?.quit();
      await database.close();
      dataLock?.release();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // Port taken: close the database properly rather than leave it mid-write.
    console.error(`Cannot listen on ${config.host}:${config.port}: ${(err as Error).message}`);
    await app.close().catch(() => {});
    await jobs.stop().catch(() => {});
    await redis?.quit().catch(() => {});
    await database.close();
    dataLock?.release();
    process.exit(1);
  }
  // Build the reverse-geocoding index now rather than on the first visitor's request.
  setTimeout(warmGeoIndex, 1000).unref();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://localhost:${port}`;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\n  Vonk is running at ${url}  (${database.driver}, ready in ${seconds} s)`);
  if (seeded?.notes.length) for (const line of seeded.notes) console.log(`  ${line}`);
  // Development only: a demo admin for the back office, with its enrolment link (issue 23).
  if (seeded && config.env !== 'production') console.log(`  ${await demoAdminLine(app.db, url)}`);
  for (const line of operationsBanner(config.env, config.metricsToken)) console.log(`  ${line}`);
  console.log('');
  const devWarning = devToolsWarning(config.env, config.host);
  if (devWarning) app.log.warn({ host: config.host }, devWarning);
}

if (import.meta.main) await main();
