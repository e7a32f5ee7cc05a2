import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { AppError } from '../../platform/errors.ts';
import { t } from '../../platform/i18n.ts';
import { route } from '../../platform/route.ts';
import type { SiteRow } from '../../platform/site.ts';
import { recordMailEvents } from './mail-events.ts';
import { readUnsubscribeToken, unsubscribe, unsubscribeSecret } from './mail-notices.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * E-mail opt-out without login (N-04): the link of every notification mail and its List-Unsubscribe
 * header. GET shows a confirmation (mail scanners open links; a GET changes nothing), POST turns that
 * type off: a form on that page, or the mail program's one-click POST (RFC 8058). The provider's bounce
 * and complaint reports come in at /api/mail/events; members turn e-mail back on in their settings.
 */
export const mailRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  type Page = { reply: FastifyReply; site: SiteRow; locale: Locale };
  function page({ reply, site, locale }: Page, status: number, id: string, form?: string) {
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

  route(app, 'GET /api/mail/unsubscribe', {}, async (ctx) => {
    const token = ctx.query.t ?? '';
    const valid = readUnsubscribeToken(await unsubscribeSecret(app.db), token, ctx.now);
    if (!valid) return page(ctx, 400, 'invalid');
    return page(ctx, 200, 'confirm', `/api/mail/unsubscribe?t=${encodeURIComponent(token)}`);
  });

  route(app, 'POST /api/mail/unsubscribe', {}, async (ctx) => {
    const valid = readUnsubscribeToken(await unsubscribeSecret(app.db), ctx.query.t ?? '', ctx.now);
    if (!valid || !(await unsubscribe(app.db, valid.userId, valid.type))) return page(ctx, 400, 'invalid');
    return page(ctx, 200, 'done');
  });

  const secret = app.config.mailEventsSecret;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  route(app, 'POST /api/mail/events', {}, async ({ req, body }) => {
    if (!secret) throw new AppError(404, 'not_found', 'error.not_found');
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), digest(secret)))
      throw new AppError(403, 'forbidden', 'notify.events_forbidden');
    return { ok: true as const, updated: await recordMailEvents(app.db, body.events) };
  });
};
