import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { smsOutbox } from '../db/schema.ts';
import { AppError } from './errors.ts';

/** Sends text messages. Without an SMS provider configured, messages are kept in the outbox (/dev/sms). */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** The default sender: the outbox table. A provider (MessageBird, Twilio) implements the same interface. */
export function createSmsOutbox(db: Db): SmsSender {
  return {
    async send(to, text) {
      await db.insert(smsOutbox).values({ to, text, status: 'kept' });
    },
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** /dev/sms and /dev/sms.json: the outbox, outside production and only from this machine. */
export function registerDevSms(app: FastifyInstance) {
  const latest = () => app.db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(100);
  const loopbackOnly = async (req: { socket: { remoteAddress?: string | undefined } }) => {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? ''))
      throw new AppError(404, 'not_found', 'error.not_found');
  };
  app.get('/dev/sms.json', { schema: { hide: true }, onRequest: loopbackOnly }, async () =>
    (await latest()).map((m) => ({ to: m.to, text: m.text, sentAt: m.createdAt })),
  );
  app.get('/dev/sms', { schema: { hide: true }, onRequest: loopbackOnly }, async (_req, reply) => {
    const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    const rows = (await latest())
      .map(
        (m) =>
          `<li><b>${escapeHtml(m.to)}</b> <small>${m.createdAt.toISOString()}</small><br>${escapeHtml(m.text)}</li>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><title>SMS outbox</title><body style="font-family:system-ui;max-width:60rem;margin:2rem auto"><h1>SMS outbox (development)</h1><ul>${rows || '<li>No messages yet.</li>'}</ul></body></html>`,
      );
  });
}
