// What the account routes share: rate limits, the mails' request context and starting a session.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { createSession, setSessionCookie } from '../../platform/session.ts';
import { type SiteRow, siteOrigin } from '../../platform/site.ts';
import { getDeviceCookieSecret, setDeviceCookie } from './device-cookie.ts';
import { loadUser, type RequestContext } from './service.ts';

export async function accountKit(app: FastifyInstance) {
  const secure = app.config.env === 'production';
  const perMinute = (max: number) => ({
    rateLimit: { max: Math.ceil(max * app.config.rateLimitFactor), timeWindow: '1 minute' },
  });
  const deviceSecret = await getDeviceCookieSecret(app.db);

  /** Links in e-mails point at the site's own domain, never at whatever Host a request claimed. */
  const mailContext = (ctx: {
    req: FastifyRequest;
    site: SiteRow;
    locale: Locale;
    now: Date;
  }): RequestContext => ({
    site: ctx.site,
    locale: ctx.locale,
    origin: siteOrigin(ctx.req, ctx.site, app.config.publicUrl),
    now: ctx.now,
  });

  /** A new session, and the device cookie that lets this browser past a lock others set (issue 21). */
  async function startSession(req: FastifyRequest, reply: FastifyReply, userId: number) {
    setSessionCookie(reply, await createSession(app.db, userId, req.headers['user-agent'] ?? ''), secure);
    setDeviceCookie(reply, deviceSecret, userId, new Date(), secure);
    return { user: await loadUser(app.db, userId) };
  }

  return {
    secure,
    auth: { preHandler: app.requireUser },
    perMinute,
    deviceSecret,
    deps: { db: app.db, mailer: app.mailer },
    mailContext,
    startSession,
  };
}
