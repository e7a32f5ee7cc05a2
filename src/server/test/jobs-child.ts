// A job runner in its own process, for the crash tests (jobs.test.ts): the outbox sender on the
// database at DATABASE_URL (or PGlite in DATA_DIR) with SMTP at SMTP_URL, with short timings so a kill -9
// is noticed quickly. SEED_MAILS=n queues n mails ('mail 1'...) in an empty outbox first.
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { openDatabase } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { startJobs } from '../platform/jobs.ts';
import { outboxSender } from '../platform/mail-sender.ts';

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? null });
await database.migrate();
const seed = Number(process.env.SEED_MAILS ?? 0);
const [{ n } = { n: 0 }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
if (n === 0)
  for (let i = 1; i <= seed; i++)
    await database.db.insert(mailOutbox).values({
      from: 'Vonk <support@vonk.test>',
      to: `m${i}@crash.test`,
      subject: `mail ${i}`,
      text: `body ${i}`,
      html: `<p>${i}</p>`,
      status: 'queued',
    });
const sender = outboxSender(database.db, process.env.SMTP_URL ?? '', { retryDelaySeconds: 1 });
const jobs = await startJobs([{ ...sender.sweep, everyMs: 1_000 }], pino({ level: 'warn' }), {
  database,
  workers: [sender.worker],
  timing: {
    firstTickMs: 0,
    heartbeatSeconds: 10,
    superviseIntervalSeconds: 1,
    pollingIntervalSeconds: 0.5,
    notifyPollingIntervalSeconds: 0.5,
  },
});
console.log('jobs started');
process.on('SIGTERM', async () => {
  await jobs.stop();
  sender.close();
  await database.close();
  process.exit(0);
});
