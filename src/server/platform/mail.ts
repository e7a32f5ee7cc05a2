import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

/** The database or a transaction of it. */
type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface OutgoingMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Told the outbox id of each mail queued for SMTP. The job runner sets it to hand the mail to the
   * outbox sender at once; without it the sender's sweep finds the mail within a minute.
   */
  onQueued?: (id: number) => void;
  /**
   * Writes a mail to the outbox in the caller's transaction, for the outbox sender to send. What
   * notification jobs use, so the mail exists exactly when its idempotency key is claimed (N-03, N-05).
   */
  queue(tx: Conn, mail: OutgoingMail): Promise<void>;
}

/**
 * Every mail is written to the outbox table. With SMTP_URL it is queued there and the outbox sender
 * (`mail-sender.ts`, on pg-boss) sends it, with retries; the row says how that went. Without SMTP the
 * outbox is the mailbox: /dev/mail shows it in development.
 */
export function createMailer(db: Db, smtpUrl: string | undefined): Mailer {
  const row = (mail: OutgoingMail) => ({
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers ?? {},
    status: smtpUrl ? ('queued' as const) : ('kept' as const),
  });
  const mailer: Mailer = {
    async send(mail) {
      const [stored] = await db.insert(mailOutbox).values(row(mail)).returning({ id: mailOutbox.id });
      if (smtpUrl && stored) mailer.onQueued?.(stored.id);
    },
    async queue(tx, mail) {
      // Inside the caller's transaction, so no hand-over here (on PGlite a queue call inside a transaction
      // would wait for it): the sender's sweep picks the mail up within a minute.
      await tx.insert(mailOutbox).values(row(mail));
    },
  };
  return mailer;
}

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
