import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import {
  type Db as BossDb,
  type Clock,
  type ConstructorOptions,
  fromPglite,
  PgBoss,
  systemClock,
} from 'pg-boss';
import type { Database } from '../db/client.ts';

/**
 * A periodic job: runs once per `everyMs` slot across every instance on the database (decision 0009).
 * `run` must be safe to repeat: a run that fails or dies with its process (kill -9) is retried, so its
 * effects are keyed per item (SQL that only touches rows that still qualify, per-item jobs, ...).
 */
export interface Job {
  name: string;
  everyMs: number;
  /** `ctx` is always given by startJobs; optional so that `run(now)` can be called directly in tests. */
  run(now: Date, ctx?: JobContext): Promise<unknown>;
  /** Retries after a failure or a crash mid-run (default 3), with exponential backoff. */
  retryLimit?: number;
  /** The first retry's delay in seconds (default 30), doubled with each further retry. */
  retryDelaySeconds?: number;
  /** How long one run may take before it counts as failed and is retried (default 15 minutes). */
  maxRunSeconds?: number;
}

export interface JobContext {
  /** Queues one item for a worker (see JobRunner.enqueue). */
  enqueue(queue: string, data: object, key?: string): Promise<void>;
}

/** A queue of single items (one mail, one notification), each handled once, retried with backoff. */
export interface QueueWorker<T extends object = object> {
  name: string;
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds?: number;
  /** `last` is true on the final try: nothing retries it after a failure. */
  handle(data: T, attempt: { retry: number; last: boolean }): Promise<unknown>;
}

export interface JobTiming {
  /** Delay before the first scheduling tick after start (default 5 s: let the server come up first). */
  firstTickMs: number;
  /** A running job's heartbeat; a job whose process died is retried after this lapses (min 10). */
  heartbeatSeconds: number;
  /** How often pg-boss looks for lapsed heartbeats and expired jobs. */
  superviseIntervalSeconds: number;
  /** How often an idle worker polls while LISTEN/NOTIFY is down. */
  pollingIntervalSeconds: number;
  /**
   * How often an idle worker polls while LISTEN/NOTIFY wakes it for new jobs: only retries and other
   * jobs due later wait for this poll.
   */
  notifyPollingIntervalSeconds: number;
}

const DEFAULT_TIMING: JobTiming = {
  firstTickMs: 5_000,
  heartbeatSeconds: 30,
  superviseIntervalSeconds: 60,
  pollingIntervalSeconds: 2,
  notifyPollingIntervalSeconds: 30,
};

export interface JobRunner {
  /**
   * Queues one item for a worker. With a `key` the item is queued at most once per key (the job's id
   * derives from it), so re-queuing after a crash or from a sweep never doubles it.
   */
  enqueue(queue: string, data: object, key?: string): Promise<void>;
  /** Stops scheduling, lets running jobs finish (up to `timeoutMs`), then stops pg-boss. */
  stop(timeoutMs?: number): Promise<void>;
  boss: PgBoss;
}

/** A stable job id for an idempotency key: the same key always names the same job. */
export function jobIdFor(queue: string, key: string): string {
  const h = createHash('sha256').update(`${queue}\0${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * pg-boss on the embedded PGlite. PGlite is one connection whose statements (and transactions) take
 * turns, so pg-boss and the app never interleave inside a transaction. pg-boss's own adapter runs a
 * `BEGIN ... COMMIT` script as one call but, when it fails halfway, sends its ROLLBACK as a second call:
 * in between, an app statement waiting for the connection would run inside the aborted transaction.
 * Those scripts run here inside PGlite's transaction(), which holds the connection until the rollback.
 * Never enqueue from inside an app transaction on PGlite: the queue waits for that transaction, which
 * waits for the queue.
 */
export function pgliteForBoss(client: PGlite): BossDb {
  const base = fromPglite(client);
  return {
    ...base,
    async executeSql(text, values) {
      if (values?.length || !/^\s*BEGIN\b/i.test(text)) return base.executeSql(text, values);
      return client.transaction(async (tx) => ({
        rows: (await tx.exec(text)).flatMap((r) => r.rows ?? []),
      }));
    },
  };
}

function bossOptions(database: Database, timing: JobTiming, clock: Clock): ConstructorOptions {
  const common: ConstructorOptions = {
    clock,
    schedule: false, // periods are throttle slots (below), not cron rows
    superviseIntervalSeconds: timing.superviseIntervalSeconds,
    monitorIntervalSeconds: timing.superviseIntervalSeconds,
    migrate: true,
    // New jobs wake the workers at once (a NOTIFY in the insert's transaction) rather than by polling.
    useListenNotify: true,
  };
  if ('url' in database.connection)
    return { ...common, connectionString: database.connection.url, max: 4, application_name: 'vonk-jobs' };
  // PGlite has no autovacuum: the queue's tables are vacuumed by a job of their own (below), so
  // pg-boss's check that autovacuum keeps up would only warn.
  return {
    ...common,
    db: pgliteForBoss(database.connection.pglite),
    backend: 'pglite',
    monitorVacuum: false,
  };
}

/**
 * Starts pg-boss on the app's database and runs the periodic jobs and queue workers through it.
 * Every instance ticks each job's schedule; pg-boss files the run in the period's throttle slot, whose
 * unique index admits one job per slot, so with any number of instances a job runs once per period.
 * `clock` is the time and timers of the schedule and of pg-boss (the system clock; a test passes
 * pg-boss's TestClock, which also sets the database's idea of now for pg-boss's statements).
 */
export async function startJobs(
  jobs: Job[],
  log: FastifyBaseLogger,
  deps: {
    database: Database;
    workers?: QueueWorker<never>[];
    timing?: Partial<JobTiming>;
    clock?: Clock;
  },
): Promise<JobRunner> {
  const timing = { ...DEFAULT_TIMING, ...deps.timing };
  const clock = deps.clock ?? systemClock;
  const boss = new PgBoss(bossOptions(deps.database, timing, clock));
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
  await boss.start();
  const connection = deps.database.connection;
  const own: Job[] =
    'pglite' in connection
      ? [
          {
            name: 'vacuum-job-queue',
            everyMs: 86_400_000,
            run: () => connection.pglite.exec('VACUUM (ANALYZE) pgboss.job'),
          },
          {
            // The app's own tables too: chat sends update conversation rows on every message, and without
            // vacuum their dead rows and index entries only grow. One table per call, so requests waiting
            // for the one connection get in between.
            name: 'vacuum-app-tables',
            everyMs: 86_400_000,
            maxRunSeconds: 3600,
            run: async () => {
              const tables = await connection.pglite.query<{ name: string }>(
                `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by 1`,
              );
              for (const { name } of tables.rows) await connection.pglite.exec(`VACUUM (ANALYZE) ${name}`);
              return { tables: tables.rows.length };
            },
          },
        ]
      : [];
  try {
    return await runJobs(boss, [...jobs, ...own], log, deps.workers ?? [], timing, clock);
  } catch (err) {
    await boss.stop({ graceful: false, close: true }).catch(() => {});
    throw err;
  }
}

async function runJobs(
  boss: PgBoss,
  jobs: Job[],
  log: FastifyBaseLogger,
  workers: QueueWorker<never>[],
  timing: JobTiming,
  clock: Clock,
): Promise<JobRunner> {
  const enqueue: JobContext['enqueue'] = async (queue, data, key) => {
    await boss.send(queue, data, key ? { id: jobIdFor(queue, key) } : {});
  };

  const workOptions = {
    pollingIntervalSeconds: timing.pollingIntervalSeconds,
    notifyPollingIntervalSeconds: Math.max(
      timing.notifyPollingIntervalSeconds,
      timing.pollingIntervalSeconds,
    ),
    includeMetadata: true,
  } as const;
  for (const job of jobs) {
    const slotSeconds = Math.max(1, Math.round(job.everyMs / 1000));
    const options = {
      notify: true,
      retryLimit: job.retryLimit ?? 3,
      retryDelay: job.retryDelaySeconds ?? 30,
      retryBackoff: true,
      retryDelayMax: 3600,
      expireInSeconds: job.maxRunSeconds ?? 900,
      heartbeatSeconds: timing.heartbeatSeconds,
      // A finished run keeps its slot taken until the slot is over.
      deleteAfterSeconds: Math.max(86_400, 2 * slotSeconds),
    };
    // One run at a time across all instances: a retry spilling into the next period waits for it.
    // (A queue's policy is fixed when it is created; the other options follow the code.)
    await boss.createQueue(job.name, { ...options, policy: 'singleton' });
    await boss.updateQueue(job.name, options);
    await boss.work(job.name, workOptions, async ([j]) => {
      try {
        const result = await job.run(new Date(clock.now()), { enqueue });
        log.debug({ job: job.name, result }, 'job done');
        return result;
      } catch (err) {
        log.error({ err, job: job.name, retry: j?.retryCount }, 'job failed');
        throw err;
      }
    });
  }
  for (const worker of workers) {
    const options = {
      notify: true,
      retryLimit: worker.retryLimit,
      retryDelay: worker.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: worker.retryDelayMaxSeconds ?? 3600,
      heartbeatSeconds: timing.heartbeatSeconds,
    };
    await boss.createQueue(worker.name, options);
    await boss.updateQueue(worker.name, options);
    await boss.work(worker.name, workOptions, async ([j]) => {
      if (!j) return;
      return worker.handle(j.data as never, {
        retry: j.retryCount,
        last: j.retryCount >= j.retryLimit,
      });
    });
  }

  const timers: unknown[] = [];
  // The system clock's timers must not keep the process alive.
  const unref = (timer: unknown) => (timer as { unref?: () => void }).unref?.();
  let stopped = false;
  for (const job of jobs) {
    const slotSeconds = Math.max(1, Math.round(job.everyMs / 1000));
    const tick = () => {
      if (stopped) return;
      boss
        .send(job.name, {}, { singletonSeconds: slotSeconds, singletonKey: 'every' })
        .catch((err) => log.warn({ err, job: job.name }, 'job not scheduled'));
    };
    // Ticking twice per period (at least once a minute) finds every slot, whatever the timers' drift.
    const first = clock.setTimeout(() => {
      tick();
      const every = clock.setInterval(tick, Math.min(Math.max(job.everyMs / 2, 500), 60_000));
      unref(every);
      timers.push(every);
    }, timing.firstTickMs);
    unref(first);
    timers.push(first);
  }

  return {
    boss,
    enqueue,
    async stop(timeoutMs = 8_000) {
      stopped = true;
      for (const t of timers) clock.clearTimeout(t);
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}
