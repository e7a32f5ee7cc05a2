import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
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
const SLOW = 240_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
    const runner = await startJobs([job], quiet, { database: t.database, timing: FAST });
    try {
      await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2), {
        timeout: 20_000,
        interval: 100,
      });
      // One period, one run: the retry, and nothing more however often the schedule ticks.
      await sleep(1500);
      expect(calls).toHaveLength(2);
    } finally {
      await runner.stop();
    }
  });

  it('N-05 a graceful stop lets a running job finish before pg-boss stops', async () => {
    let finished = false;
    let started = false;
    const runner = await startJobs(
      [
        {
          name: 'test-slow',
          everyMs: 60_000,
          run: async () => {
            started = true;
            await sleep(1500);
            finished = true;
          },
        },
      ],
      quiet,
      { database: t.database, timing: FAST },
    );
    await vi.waitFor(() => expect(started).toBe(true), { timeout: 20_000, interval: 50 });
    await runner.stop();
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
        // Let any duplicate hand-over (sweep and hook for the same mail) show itself.
        await sleep(2500);
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
        run: async () => void runs.push({ instance, at: Date.now() }),
      });
      const one = await startJobs([job(1)], quiet, { database, timing: FAST });
      const two = await startJobs([job(2)], quiet, { database, timing: FAST });
      const started = Date.now();
      try {
        await sleep(12_000);
      } finally {
        await one.stop();
        await two.stop();
      }
      const periods = (Date.now() - started) / 2_000;
      // Each instance tries to schedule the job twice a period: four tries per period, one run.
      expect(runs.length).toBeGreaterThanOrEqual(Math.floor(periods) - 1);
      expect(runs.length).toBeLessThanOrEqual(Math.ceil(periods) + 1);
      const slots = (await database.db.execute(
        sql`select singleton_on::text as slot, count(*)::int as n from pgboss.job where name = 'test-every-2s' group by 1`,
      )) as unknown as { rows: { slot: string; n: number }[] };
      for (const row of slots.rows) expect(row.n).toBe(1);
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
      const job: Job = {
        name: 'test-slow-every-1s',
        everyMs: 1_000,
        run: async () => {
          running++;
          most = Math.max(most, running);
          await sleep(2_500);
          running--;
          runs++;
        },
      };
      const one = await startJobs([job], quiet, { database, timing: FAST });
      const two = await startJobs([job], quiet, { database, timing: FAST });
      try {
        await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3), { timeout: 30_000, interval: 100 });
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
        const { smtp, stop } = await killMidSend({ DATABASE_URL: database.url ?? '' });
        try {
          const rows = await database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
          expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
          expect(rows.every((r) => r.sentAt instanceof Date)).toBe(true);
        } finally {
          await stop();
          await smtp.close();
        }
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
        const { smtp, stop } = await killMidSend({ DATA_DIR: dataDir });
        await stop();
        await smtp.close();
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
 * must send the rest, the third one included, and nothing twice.
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
    // Time for a doubled send to show.
    await sleep(2000);
    for (let i = 1; i <= 5; i++)
      expect(
        smtp.accepted.filter((m) => m.subject === `mail ${i}`),
        `mail ${i}`,
      ).toHaveLength(1);
    expect(smtp.attempts.get('mail 3')).toBe(2);
  } catch (err) {
    child.kill('SIGKILL');
    await smtp.close();
    throw err;
  }
  const last = child;
  return {
    smtp,
    stop: async () => {
      last.kill('SIGTERM');
      await exited(last);
    },
  };
}
