import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Job } from './jobs.ts';

export interface OutgoingMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** SMTP retries (N-03): a failed mail is tried again after 1, 4, 16 minutes... up to 6 hours apart. */
export const MAIL_RETRY = {
  maxAttempts: 10,
  firstDelayMs: 60_000,
  factor: 4,
  maxDelayMs: 6 * 3_600_000,
  /** A claimed mail whose sender died is tried again after this long. */
  leaseMs: 5 * 60_000,
  batch: 20,
} as const;

export function retryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY.maxDelayMs, MAIL_RETRY.firstDelayMs * MAIL_RETRY.factor ** (attempts - 1));
}

export interface Mailer {
  /** Sends now (account mails: the member waits for them); a failure is retried by `flush`. */
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Writes a mail to the outbox in the caller's transaction; the sender job (`flush`) sends it. What
   * notification jobs use, so the mail exists exactly when its idempotency key is claimed.
   */
  queue(db: Db, mail: OutgoingMail): Promise<void>;
  /** Sends queued mails and retries failed ones that are due; safe on several instances at once. */
  flush(now: Date): Promise<{ sent: number; failed: number }>;
}

/**
 * Every mail is written to the outbox table; with SMTP_URL it is also sent, and the row says whether that
 * worked. A failed send is retried with backoff (nothing is lost when the SMTP server is away). Without
 * SMTP the outbox is the mailbox: /dev/mail shows it in development.
 */
export function createMailer(db: Db, smtpUrl: string | undefined): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const attempt = async (mail: OutgoingMail): Promise<string | null> => {
    try {
      await transport?.sendMail({ ...mail, headers: mail.headers });
      return null;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  };
  const afterAttempt = (attempts: number, error: string | null, now: Date) =>
    error === null
      ? { status: 'sent' as const, error: null, attempts, nextAttemptAt: null }
      : {
          status: 'failed' as const,
          error,
          attempts,
          nextAttemptAt:
            attempts >= MAIL_RETRY.maxAttempts ? null : new Date(now.getTime() + retryDelayMs(attempts)),
        };
  const row = (mail: OutgoingMail) => ({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // The sender goes with the headers, so a retry sends the mail as the first attempt would have.
    headers: { ...mail.headers, From: mail.from },
  });
  return {
    async send(mail) {
      if (!transport) {
        await db.insert(mailOutbox).values({ ...row(mail), status: 'kept' });
        return;
      }
      const error = await attempt(mail);
      await db.insert(mailOutbox).values({ ...row(mail), ...afterAttempt(1, error, new Date()) });
    },
    async queue(tx, mail) {
      await tx
        .insert(mailOutbox)
        .values(
          transport
            ? { ...row(mail), status: 'queued', nextAttemptAt: new Date(0) }
            : { ...row(mail), status: 'kept' },
        );
    },
    async flush(now) {
      if (!transport) return { sent: 0, failed: 0 };
      // Claim due mails with a lease: another instance skips them, and a crash retries them later.
      const due = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(lte(mailOutbox.nextAttemptAt, now), inArray(mailOutbox.status, ['queued', 'failed'])))
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(MAIL_RETRY.batch)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + MAIL_RETRY.leaseMs) })
        .where(inArray(mailOutbox.id, due))
        .returning();
      let sent = 0;
      for (const m of claimed) {
        const error = await attempt({
          to: m.to,
          from: mailFrom(m.headers),
          subject: m.subject,
          text: m.text,
          html: m.html,
          headers: withoutFrom(m.headers),
        });
        if (error === null) sent++;
        await db
          .update(mailOutbox)
          .set(afterAttempt(m.attempts + 1, error, new Date()))
          .where(eq(mailOutbox.id, m.id));
      }
      return { sent, failed: claimed.length - sent };
    },
  };
}

/** The outbox keeps the sender in the headers (`From`), so a retry sends it as the first attempt did. */
const mailFrom = (headers: Record<string, string>) => headers.From ?? '';
const withoutFrom = (headers: Record<string, string>) => {
  const { From: _from, ...rest } = headers;
  return rest;
};

/** The outbox sender (N-03): sends queued notification mails and retries failed ones. */
export const mailSenderJob = (mailer: Mailer): Job => ({
  name: 'mail-outbox-sender',
  everyMs: 15_000,
  run: (now) => mailer.flush(now),
});

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** /dev/mail (HTML list) and /dev/mail.json (newest first), only outside production. */
export function registerDevMail(app: FastifyInstance) {
  const latest = () => app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(100);
  app.get('/dev/mail.json', { schema: { hide: true } }, async () =>
    (await latest()).map((m) => ({
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      headers: m.headers,
      status: m.status,
      sentAt: m.createdAt,
    })),
  );
  app.get('/dev/mail', { schema: { hide: true } }, async (_req, reply) => {
    const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    const rows = (await latest())
      .map(
        (m) =>
          `<details><summary><b>${escapeHtml(m.subject)}</b> → ${escapeHtml(m.to)} <small>${m.createdAt.toISOString()} · ${m.status}</small></summary><pre style="white-space:pre-wrap">${escapeHtml(m.text)}</pre></details>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><title>Outbox</title><body style="font-family:system-ui;max-width:60rem;margin:2rem auto"><h1>Outbox (development)</h1>${rows || '<p>No mail yet.</p>'}</body></html>`,
      );
  });
}
