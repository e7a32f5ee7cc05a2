import { and, asc, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Job, QueueWorker } from './jobs.ts';

/** The pg-boss queue with one job per queued mail; the job's id derives from the outbox id. */
export const MAIL_QUEUE = 'mail-send';

export interface OutboxSenderOptions {
  /** Tries after the first (default 12: with backoff from 30 s, capped at an hour, about half a day). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryDelayMaxSeconds?: number;
}

/**
 * The same Message-ID on every try of one outbox row, so a mail a crash made us send twice is one mail
 * to the receiving servers and mail clients that deduplicate on it.
 */
function messageId(row: { id: number; from: string; createdAt: Date }) {
  const domain = /@([^>\s]+)>?\s*$/.exec(row.from)?.[1] ?? 'vonk.invalid';
  return `<outbox-${row.id}-${row.createdAt.getTime().toString(36)}@${domain}>`;
}

/**
 * Sends one queued mail through SMTP and marks it sent. Idempotent per mail: a row that is no longer
 * queued (sent by an earlier try, or given up) is left alone, so a retry after a crash sends only what
 * was not sent yet. A permanent refusal (5xx) fails the mail at once; anything else is thrown for
 * pg-boss to retry with backoff, and the last try marks the mail failed, with the error, in the outbox.
 */
export async function deliverQueuedMail(
  db: Db,
  transport: Transporter,
  id: number,
  last: boolean,
): Promise<'sent' | 'skipped' | 'rejected'> {
  const queued = and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'queued'));
  const [row] = await db.select().from(mailOutbox).where(queued);
  if (!row) return 'skipped';
  try {
    await transport.sendMail({
      from: row.from,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      headers: row.headers,
      messageId: messageId(row),
    });
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    const code = (err as { responseCode?: number }).responseCode ?? 0;
    const permanent = code >= 500 && code < 600;
    await db
      .update(mailOutbox)
      .set(permanent || last ? { status: 'failed', error } : { error })
      .where(queued);
    if (permanent) return 'rejected';
    throw err;
  }
  await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), error: null }).where(queued);
  return 'sent';
}

/**
 * The outbox sender (N-05): a pg-boss worker that sends each queued mail, and a sweep that hands every
 * still-queued mail to it once a minute, so a mail queued while the runner was down, or whose hand-over
 * was lost in a crash, is still sent. Both are keyed on the outbox id: nothing is queued twice.
 */
export function outboxSender(db: Db, smtpUrl: string, opts: OutboxSenderOptions = {}) {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  const worker: QueueWorker<{ id: number }> = {
    name: MAIL_QUEUE,
    retryLimit: opts.retryLimit ?? 12,
    retryDelaySeconds: opts.retryDelaySeconds ?? 30,
    retryDelayMaxSeconds: opts.retryDelayMaxSeconds ?? 3600,
    handle: ({ id }, { last }) => deliverQueuedMail(db, transport, id, last),
  };
  const sweep: Job = {
    name: 'mail-outbox-sweep',
    everyMs: 60_000,
    async run(_now, ctx) {
      if (!ctx) throw new Error('the outbox sweep hands mail to the sender: run it through startJobs');
      const rows = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, 'queued'))
        .orderBy(asc(mailOutbox.id))
        .limit(1000);
      for (const { id } of rows) await ctx.enqueue(MAIL_QUEUE, { id }, String(id));
      return rows.length;
    },
  };
  return { worker, sweep, close: () => transport.close() };
}
