// A job runner in its own process, for the crash tests (jobs.test.ts): the outbox sender on the
// database at DATABASE_URL with SMTP at SMTP_URL, with short timings so a kill -9 is noticed quickly.
import { pino } from 'pino';
import { openDatabase } from '../db/client.ts';
import { startJobs } from '../platform/jobs.ts';
import { outboxSender } from '../platform/mail-sender.ts';

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: null });
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
