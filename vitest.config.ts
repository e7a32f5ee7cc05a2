import { defineConfig } from 'vitest/config';

// Three declared tiers (docs/architecture.md, "Tests"):
// - unit: no database (rules, catalogs, the web app's pure parts, scripts).
// - api: the server through app.inject on in-memory PGlite, each file on a copy of one migrated and
//   seeded database (src/server/test/global-setup.ts).
// - pg: the suites that behave differently on a PostgreSQL server and Redis (pools and lost connections,
//   jobs and fan-out across instances, Redis outages, races between connections on sends, likes, wallet,
//   payments, direct debit, complaints, push subscriptions, photos and lockout, query plans) plus one pass of every endpoint (the hostile-input property test),
//   and every `*.pg.test.ts`. Any new race, outage or multi-instance test goes there.
// `npm run test:unit` runs unit and api; `npm run test:pg` runs pg with TEST_DATABASE_URL and TEST_REDIS_URL.

/** Server test files that need no database. */
const SERVER_UNIT = [
  'src/server/config.test.ts',
  'src/server/db/errors.test.ts',
  'src/server/db/data-lock.test.ts',
  'src/server/features/chat/realtime-frames.test.ts',
];

/** Suites whose behaviour differs on PostgreSQL and Redis. */
export const PG_SUITES = [
  'src/server/db/client.test.ts',
  'src/server/platform/jobs.test.ts',
  'src/server/platform/redis.test.ts',
  'src/server/platform/redis-outage.test.ts',
  'src/server/platform/bus.test.ts',
  'src/server/platform/hostile-input.test.ts',
  'src/server/features/chat/chat-scale.test.ts',
  'src/server/features/chat/chat.test.ts',
  'src/server/features/chat/send-batch.test.ts',
  'src/server/features/accounts/wallet.test.ts',
  'src/server/features/accounts/lockout.test.ts',
  'src/server/features/credits/credits.test.ts',
  'src/server/features/credits/direct-debit.test.ts',
  'src/server/features/site/complaints.test.ts',
  'src/server/features/likes/likes-events.test.ts',
  'src/server/features/likes/likes-loop.test.ts',
  'src/server/features/notifications/mail-notices.test.ts',
  'src/server/features/notifications/push-subscriptions.test.ts',
  'src/server/features/photos/photos-hardening.test.ts',
  'src/server/features/discovery/search-plan.test.ts',
  'src/server/features/likes/likes-plan.test.ts',
];

const serverTest = { globalSetup: ['src/server/test/global-setup.ts'] };

export default defineConfig({
  test: {
    setupFiles: ['src/server/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files share a worker's module cache (decision 0024: about six times faster here). They share no
    // data: each file has its own database and app, and setup.ts restores every spy after each test.
    isolate: false,
    maxWorkers: process.env.VITEST_MAX_WORKERS ?? 2,
    // JSON reports for `npm run test:slowest` (test-reports/ is ignored by git).
    reporters: ['default', 'json'],
    outputFile: {
      json: process.env.TEST_DATABASE_URL ? 'test-reports/vitest-pg.json' : 'test-reports/vitest.json',
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/web/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'scripts/**/*.test.ts',
            ...SERVER_UNIT,
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          exclude: [...SERVER_UNIT, 'src/**/*.pg.test.ts'],
          ...serverTest,
        },
      },
      {
        extends: true,
        test: {
          name: 'pg',
          include: [...PG_SUITES, 'src/**/*.pg.test.ts'],
          ...serverTest,
        },
      },
    ],
  },
});
