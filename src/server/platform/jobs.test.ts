import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../test/app.ts';
import { startSmtpServer } from '../test/smtp-server.ts';
import { type Job, pgliteForBoss, startJobs } from './jobs.ts';
import { createMailer } from './mail.ts';
import { MAIL_QUEUE, outboxSender } from './mail-sender.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
const quiet = pino({ level: 'silent' });
const FAST = {
  firstTickMs: 0,
  pollingIntervalSeconds: 0.5,
  notifyPollingIntervalSeconds: 0.5,
  superviseIntervalSeconds: 1,
  heartbeatSeconds: 10,
};
/** On a test clock time costs nothing, but each poll and check it fires is a statement. */
const CLOCKED = {
  ...FAST,
  pollingIntervalSeconds: 5,
  notifyPollingIntervalSeconds: 5,
  superviseIntervalSeconds: 30,
};
const SLOW = 240_000;

describe('N-05 jobs on pg-boss', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('N-05 a periodic job runs in its period and a failed run is retried', async () => {
    const calls: Date[] = [];
    const job: Job = {
      name: 'test-flaky',
      everyMs: 60_000,
      retryDelaySeconds: 1,
      run: async (now) => {
        calls.push(now);
        if (calls.length === 1) throw new Error('first run fails');
        return 'ok';
      },
    };
    // pg-boss's test clock drives the schedule, the workers' polls and the database's "now" alike.
    const start = Math.ceil(Date.now() / 60_000) * 60_000;
    const clock = new TestClock(start);
    const runner = await startJobs([job], quiet, { database: t.database, timing: CLOCKED, clock });
    const jobRows = async () =>
      (
        (await t.database.db.execute(
          sql`select state, retry_count as retries from pgboss.job where name = 'test-flaky' order by created_on`,
        )) as unknown as { rows: { state: string; retries: number }[] }
      ).rows;
    try {
      await clock.tick(0);
      await vi.waitFor(() => expect(calls).toHaveLength(1), { timeout: 20_000, interval: 20 });
      await vi.waitFor(
        async () => {
          await clock.tick(500);
          expect(calls).toHaveLength(2);
        },
        { timeout: 20_000, interval: 20 },
      );
      expect(calls[0]?.getTime()).toBe(start);
      // One period, one run: the retry, and nothing more however often the schedule ticks in it.
      await clock.tick(start + 59_000 - clock.now());
      await vi.waitFor(async () => expect(await jobRows()).toEqual([{ state: 'completed', retries: 1 }]), {
        timeout: 20_000,
        interval: 50,
      });
      expect(calls).toHaveLength(2);
      // The next period runs it again.
      await clock.tick(1_000);
      await vi.waitFor(() => expect(calls).toHaveLength(3), { timeout: 20_000, interval: 20 });
      expect(calls[2]?.getTime()).toBeGreaterThanOrEqual(start + 60_000);
    } finally {
      await runner.stop();
    }
  });

  it('N-05 a graceful stop lets a running job finish before pg-boss stops', async () => {
    let finished = false;
    let started = false;
    let release = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    const runner = await startJobs(
      [
        {
          name: 'test-slow',
          everyMs: 60_000,
          run: async () => {
            started = true;
            await released;
            finished = true;
          },
        },
      ],
      quiet,
      { database: t.database, timing: FAST },
    );
    await vi.waitFor(() => expect(started).toBe(true), { timeout: 20_000, interval: 50 });
    const stopping = runner.stop();
    // The job is still running while its worker stops; only then may it finish.
    await vi.waitFor(
      () => expect(runner.boss.getWipData().find((w) => w.name === 'test-slow')?.state).toBe('stopping'),
      { timeout: 20_000, interval: 20 },
    );
    expect(finished).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
  });

  it(
    'N-05 the outbox sender sends queued mail through SMTP, retries with backoff, sends each mail once, and fails a refused or always deferred one with the reason',
    async () => {
      const smtp = await startSmtpServer((subject, attempt) =>
        (subject === 'deferred twice' && attempt <= 2) || subject === 'always deferred'
          ? 'defer'
          : subject === 'refused'
            ? 'reject'
            : 'accept',
      );
      const mailer = createMailer(t.app.db, smtp.url);
      const mail = (subject: string) =>
        mailer.send({
          from: 'Vonk <support@vonk.test>',
          to: `${subject.replaceAll(' ', '-')}@outbox.test`,
          subject,
          text: `text of ${subject}`,
          html: `<p>${subject}</p>`,
          headers: { 'List-Unsubscribe': '<https://vonk.test/u>' },
        });
      // Queued while no runner is up: the sweep finds it.
      await mail('before start');
      const sender = outboxSender(t.app.db, smtp.url, { retryDelaySeconds: 1, retryLimit: 2 });
      const runner = await startJobs([{ ...sender.sweep, everyMs: 2_000 }], quiet, {
        database: t.database,
        workers: [sender.worker],
        timing: FAST,
      });
      mailer.onQueued = (id) => void runner.enqueue(MAIL_QUEUE, { id }, String(id));
      try {
        for (const s of ['deferred twice', 'refused', 'always deferred', 'plain one', 'plain two'])
          await mail(s);
        const rows = () =>
          t.app.db.select().from(mailOutbox).where(sql`${mailOutbox.to} like '%@outbox.test'`);
        await vi.waitFor(
          async () =>
            expect((await rows()).every((r) => r.status === 'sent' || r.status === 'failed')).toBe(true),
          { timeout: 40_000, interval: 200 },
        );
        // A duplicate hand-over (sweep and hook for the same mail) would be a send still running: a
        // graceful stop waits for it.
        await runner.stop();
        const byTo = new Map((await rows()).map((r) => [r.to, r]));
        expect(byTo.get('refused@outbox.test')).toMatchObject({ status: 'failed' });
        expect(byTo.get('refused@outbox.test')?.error).toContain('550');
        for (const s of ['before start', 'deferred twice', 'plain one', 'plain two']) {
          const row = byTo.get(`${s.replaceAll(' ', '-')}@outbox.test`);
          expect(row, s).toMatchObject({ status: 'sent', error: null });
          expect(row?.sentAt).toBeInstanceOf(Date);
          expect(
            smtp.accepted.filter((m) => m.subject === s),
            s,
          ).toHaveLength(1);
        }
        expect(smtp.attempts.get('deferred twice')).toBe(3);
        expect(smtp.attempts.get('refused')).toBe(1);
        // Two retries after the first try, then the outbox says why it was given up.
        expect(smtp.attempts.get('always deferred')).toBe(3);
        expect(byTo.get('always-deferred@outbox.test')).toMatchObject({ status: 'failed' });
        expect(byTo.get('always-deferred@outbox.test')?.error).toContain('451');
        const sent = smtp.accepted.find((m) => m.subject === 'plain one');
        expect(sent).toMatchObject({ from: 'support@vonk.test', to: ['plain-one@outbox.test'] });
        expect(sent?.messageId).toMatch(/^<outbox-\d+-[0-9a-z]+@vonk\.test>$/);
        expect(sent?.data).toContain('List-Unsubscribe: <https://vonk.test/u>');
      } finally {
        await runner.stop();
        sender.close();
        await smtp.close();
      }
    },
    SLOW,
  );
});

describe.skipIf(pgUrl)('N-05 pg-boss on PGlite', () => {
  it('N-05 PGlite has no autovacuum: daily jobs vacuum the queue table and the app tables', async () => {
    const database = await createTestDatabase();
    const runner = await startJobs([], quiet, { database, timing: FAST });
    try {
      await vi.waitFor(
        async () => {
          const done = (await database.db.execute(
            sql`select count(*)::int as n from pgboss.job
                where name in ('vacuum-job-queue', 'vacuum-app-tables') and state = 'completed'`,
          )) as unknown as { rows: { n: number }[] };
          expect(done.rows[0]?.n).toBe(2);
        },
        { timeout: 20_000, interval: 200 },
      );
      const vacuumed = (await database.db.execute(
        sql`select count(*)::int as n from pg_stat_user_tables
            where schemaname = 'public' and coalesce(last_vacuum, last_autovacuum) is not null`,
      )) as unknown as { rows: { n: number }[] };
      const tables = (await database.db.execute(
        sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
      )) as unknown as { rows: { n: number }[] };
      expect(vacuumed.rows[0]?.n).toBe(tables.rows[0]?.n);
    } finally {
      await runner.stop();
      await database.drop();
    }
  });

  it('N-05 a pg-boss script that fails halfway does not leave an app query in its aborted transaction', async () => {
    const client = await PGlite.create({});
    try {
      await client.exec('create table t (x int primary key)');
      const db = pgliteForBoss(client);
      const script = db.executeSql('BEGIN; insert into t values (1); insert into t values (1); COMMIT;');
      // Queued behind the script on the one connection, as an app request would be.
      const app = client.query<{ n: number }>('select count(*)::int as n from t');
      await expect(script).rejects.toThrow(/duplicate key/);
      expect((await app).rows[0]?.n).toBe(0);
      // A script that works returns the rows of its RETURNING.
      const ok = await db.executeSql('BEGIN; insert into t values (2) returning x; COMMIT;');
      expect(ok.rows).toEqual([{ x: 2 }]);
    } finally {
      await client.close();
    }
  });
});

describe.runIf(pgUrl)('N-05 jobs on PostgreSQL', () => {
  it(
    'N-05 two instances on one PostgreSQL run each scheduled job once per period',
    async () => {
      const database = await createTestDatabase();
      const runs: { instance: number; at: number }[] = [];
      const job = (instance: number): Job => ({
        name: 'test-every-2s',
        everyMs: 2_000,
        run: async (now) => void runs.push({ instance, at: now.getTime() }),
      });
      // One test clock for both instances and the database: five periods take no five periods.
      const start = Math.ceil(Date.now() / 2_000) * 2_000;
      const clock = new TestClock(start);
      const one = await startJobs([job(1)], quiet, { database, timing: CLOCKED, clock });
      const two = await startJobs([job(2)], quiet, { database, timing: CLOCKED, clock });
      try {
        await clock.tick(0);
        for (let period = 1; period <= 5; period++) {
          // Each instance tries to schedule the job twice a period: four tries per period, one run.
          await vi.waitFor(() => expect(runs).toHaveLength(period), { timeout: 20_000, interval: 20 });
          if (period < 5) await clock.tick(2_000);
        }
        await clock.tick(1_500);
      } finally {
        await one.stop();
        await two.stop();
      }
      expect(runs.map((r) => r.at)).toEqual([0, 1, 2, 3, 4].map((p) => start + 2_000 * p));
      const slots = (await database.db.execute(
        sql`select singleton_on::text as slot, count(*)::int as n from pgboss.job where name = 'test-every-2s' group by 1`,
      )) as unknown as { rows: { slot: string; n: number }[] };
      expect(slots.rows.map((r) => r.n)).toEqual([1, 1, 1, 1, 1]);
      await database.drop();
    },
    SLOW,
  );

  it(
    'N-05 runs of one job never overlap across instances, even when a run outlasts its period',
    async () => {
      const database = await createTestDatabase();
      let running = 0;
      let most = 0;
      let runs = 0;
      let release = () => {};
      const released = new Promise<void>((r) => {
        release = r;
      });
      const job: Job = {
        name: 'test-slow-every-1s',
        everyMs: 1_000,
        run: async () => {
          running++;
          most = Math.max(most, running);
          await released;
          running--;
          runs++;
        },
      };
      const clock = new TestClock(Math.ceil(Date.now() / 1_000) * 1_000);
      const one = await startJobs([job], quiet, { database, timing: CLOCKED, clock });
      const two = await startJobs([job], quiet, { database, timing: CLOCKED, clock });
      const states = async () =>
        (
          (await database.db.execute(
            sql`select state::text as state, count(*)::int as n from pgboss.job where name = 'test-slow-every-1s' group by 1 order by 1`,
          )) as unknown as { rows: { state: string; n: number }[] }
        ).rows;
      try {
        await clock.tick(0);
        await vi.waitFor(() => expect(running).toBe(1), { timeout: 20_000, interval: 20 });
        // The first run outlasts three more periods, whose runs both instances poll for meanwhile.
        await clock.tick(3_000);
        expect(await states()).toEqual([
          { state: 'active', n: 1 },
          { state: 'created', n: 3 },
        ]);
        release();
        await vi.waitFor(
          async () => {
            await clock.tick(500);
            expect(runs).toBeGreaterThanOrEqual(3);
          },
          { timeout: 30_000, interval: 20 },
        );
      } finally {
        await one.stop();
        await two.stop();
        await database.drop();
      }
      expect(most).toBe(1);
    },
    SLOW,
  );

  it(
    'N-05 a kill -9 in the middle of sending: after restart the mail is retried and every mail arrives exactly once',
    async () => {
      const database = await createTestDatabase();
      try {
        await killMidSend({ DATABASE_URL: database.url ?? '' });
        const rows = await database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
        expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
        expect(rows.every((r) => r.sentAt instanceof Date)).toBe(true);
      } finally {
        await database.drop();
      }
    },
    SLOW,
  );
});

describe.skipIf(pgUrl)('N-05 jobs on PGlite survive a crash', () => {
  it(
    'N-05 PGlite: a kill -9 in the middle of sending; after restart on the same folder every mail arrives exactly once',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'vonk-jobs-'));
      try {
        await killMidSend({ DATA_DIR: dataDir });
        const database = await openDatabase({ dataDir });
        try {
          const rows = await database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
          expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
        } finally {
          await database.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});

/**
 * Runs the outbox sender in a child process on five queued mails; SMTP never answers the third one's
 * first try, and the child is killed (SIGKILL) while it waits. A second child on the same database
 * must send the rest, the third one included, and nothing twice. Ends with the second child stopped.
 */
async function killMidSend(env: Record<string, string>) {
  const smtp = await startSmtpServer((subject, attempt) =>
    subject === 'mail 3' && attempt === 1 ? 'hang' : 'accept',
  );
  const root = resolve(import.meta.dirname, '../../..');
  const start = () =>
    spawn(process.execPath, [join(root, 'src/server/test/jobs-child.ts')], {
      cwd: root,
      env: { ...process.env, ...env, SMTP_URL: smtp.url, SEED_MAILS: '5' },
      stdio: 'ignore',
    });
  const exited = (c: ChildProcess) => new Promise((r) => (c.exitCode === null ? c.once('exit', r) : r(null)));
  let child = start();
  try {
    await vi.waitFor(() => expect(smtp.attempts.get('mail 3')).toBe(1), { timeout: 90_000, interval: 100 });
    child.kill('SIGKILL');
    await exited(child);
    child = start();
    await vi.waitFor(() => expect(new Set(smtp.accepted.map((m) => m.subject)).size).toBe(5), {
      timeout: 90_000,
      interval: 250,
    });
    // A doubled send would be one still running: the child's graceful stop waits for it.
    child.kill('SIGTERM');
    await exited(child);
    for (let i = 1; i <= 5; i++)
      expect(
        smtp.accepted.filter((m) => m.subject === `mail ${i}`),
        `mail ${i}`,
      ).toHaveLength(1);
    expect(smtp.attempts.get('mail 3')).toBe(2);
  } finally {
    child.kill('SIGKILL');
    await smtp.close();
  }
}
