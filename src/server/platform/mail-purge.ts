import { and, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Job } from './jobs.ts';

/**
 * How long the outbox keeps what a mail said. Account mails carry one-time links; after a week every
 * one of them has expired, and nobody needs the text to see that a mail went out.
 */
export const MAIL_BODY_DAYS = 7;

/**
 * Empties the bodies of mails older than MAIL_BODY_DAYS: text, HTML and headers (an unsubscribe
 * header holds a token too). The row stays, so the outbox still shows who got what kind of mail when.
 * Safe to run on several instances at once: it only touches rows that still have a body. Mails still
 * queued for SMTP keep theirs.
 */
export async function purgeMailBodies(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - MAIL_BODY_DAYS * 86_400_000);
  const rows = await db
    .update(mailOutbox)
    .set({ text: '', html: '', headers: {} })
    .where(
      and(
        lt(mailOutbox.createdAt, before),
        // A mail still waiting for SMTP keeps its body until it is sent or given up.
        ne(mailOutbox.status, 'queued'),
        or(ne(mailOutbox.text, ''), ne(mailOutbox.html, '')),
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** The periodic job of issue 10 item 10 (N-05: on pg-boss), for startJobs. */
export const mailPurgeJob = (db: Db): Job => ({
  name: 'purge-mail-bodies',
  everyMs: 3_600_000,
  run: (now) => purgeMailBodies(db, now),
});
