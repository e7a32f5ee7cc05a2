import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

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
}

/**
 * Every mail is written to the outbox table; with SMTP_URL it is also sent, and the row says whether that
 * worked. Without SMTP the outbox is the mailbox: /dev/mail shows it in development.
 */
export function createMailer(db: Db, smtpUrl: string | undefined): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(mail) {
      let status: 'kept' | 'sent' | 'failed' = 'kept';
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({ ...mail, headers: mail.headers });
          status = 'sent';
        } catch (err) {
          status = 'failed';
          error = err instanceof Error ? err.message : String(err);
        }
      }
      await db.insert(mailOutbox).values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers ?? {},
        status,
        error,
      });
    },
  };
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
