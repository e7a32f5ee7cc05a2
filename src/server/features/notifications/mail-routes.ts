import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../shared/contract/errors.ts';
import { ZMailEventsRequest } from '../../../shared/contract/mail-events.ts';
import { AppError } from '../../platform/errors.ts';
import { t } from '../../platform/i18n.ts';
import { recordMailEvents } from './mail-events.ts';
import { readUnsubscribeToken, unsubscribe, unsubscribeSecret } from './mail-notices.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const errors = errorResponses(400, 403, 404, 429);
const ZUnsubscribeQuery = z.object({ t: z.string().max(200).optional() });

/**
 * E-mail opt-out without login (N-04): the link of every notification mail and its List-Unsubscribe
 * header. GET shows a confirmation (mail scanners open links; a GET changes nothing), POST turns that
 * type off: a form on that page, or the mail program's one-click POST (RFC 8058). The provider's bounce
 * and complaint reports come in at /api/mail/events; members turn e-mail back on in their settings.
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  async function page(req: FastifyRequest, reply: FastifyReply, status: number, id: string, form?: string) {
    const site = await app.sites(req.host);
    const locale = req.locale(site);
    const tr = (key: string) => escapeHtml(t(locale, `notify.unsubscribe.${key}`, { site: site.name }));
    const body = form
      ? `<form method="post" action="${escapeHtml(form)}"><button type="submit">${tr('button')}</button></form>`
      : `<p><a href="/settings">${tr('settings')}</a></p>`;
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="${locale}"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(site.name)}</title><body><main><h1>${escapeHtml(site.name)}</h1><p>${tr(id)}</p>${body}</main></body></html>`,
      );
  }

  app.get(
    '/api/mail/unsubscribe',
    { schema: { hide: true, querystring: ZUnsubscribeQuery } },
    async (req, reply) => {
      const token = req.query.t ?? '';
      const valid = readUnsubscribeToken(await unsubscribeSecret(app.db), token, new Date());
      if (!valid) return page(req, reply, 400, 'invalid');
      return page(req, reply, 200, 'confirm', `/api/mail/unsubscribe?t=${encodeURIComponent(token)}`);
    },
  );

  app.post(
    '/api/mail/unsubscribe',
    { schema: { hide: true, querystring: ZUnsubscribeQuery } },
    async (req, reply) => {
      const valid = readUnsubscribeToken(await unsubscribeSecret(app.db), req.query.t ?? '', new Date());
      if (!valid || !(await unsubscribe(app.db, valid.userId, valid.type)))
        return page(req, reply, 400, 'invalid');
      return page(req, reply, 200, 'done');
    },
  );

  const secret = app.config.mailEventsSecret;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  app.post(
    '/api/mail/events',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Bounce and complaint reports of the mail provider (N-04); Bearer MAIL_EVENTS_SECRET',
        body: ZMailEventsRequest,
        response: { 200: z.object({ ok: z.literal(true), updated: z.number().int() }), ...errors },
      },
    },
    async (req) => {
      if (!secret) throw new AppError(404, 'not_found', 'error.not_found');
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!timingSafeEqual(digest(given), digest(secret)))
        throw new AppError(403, 'forbidden', 'notify.events_forbidden');
      return { ok: true as const, updated: await recordMailEvents(app.db, req.body.events) };
    },
  );
};
