import type { FastifyPluginAsync } from 'fastify';
import { ZLoginRequest } from '../../../shared/contract/accounts.ts';
import { ZPushSubscribeRequest } from '../../../shared/contract/push.ts';
import { RULES } from '../../../shared/rules.ts';
import { isCrossOrigin } from '../../platform/cross-site.ts';
import { AppError } from '../../platform/errors.ts';
import { parseRequest } from '../../platform/parse.ts';
import { route } from '../../platform/route.ts';
import { clearSessionCookie, currentUser, deleteSession } from '../../platform/session.ts';
import { savePushSubscription } from '../notifications/index.ts';
import { DEVICE_COOKIE, readDeviceCookie } from './device-cookie.ts';
import { updateUser } from './queries.ts';
import { accountKit } from './route-kit.ts';
import { completeSignupStep, loadUser, login, signup } from './service.ts';
import { getSignupMatches } from './signup-matches.ts';

/** Signing up, logging in and out, and who is logged in (A-03, A-05, A-10, A-11, I-04). */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const { secure, auth, perMinute, deviceSecret, deps, mailContext, startSession } = await accountKit(app);

  route(app, 'POST /api/signup', { config: perMinute(10) }, async (ctx) => {
    const userId = await signup(deps, ctx.body, mailContext(ctx));
    return startSession(ctx.req, ctx.reply, userId);
  });

  route(app, 'PUT /api/signup/step', auth, async ({ req, body }) => {
    const me = currentUser(req);
    await completeSignupStep(app.db, me.id, body.step, body.about);
    return { user: await loadUser(app.db, me.id) };
  });

  route(app, 'POST /api/user.php', { config: perMinute(20) }, async ({ req, reply, query, body, now }) => {
    if (query.push === '1') {
      await app.requireUser(req);
      const { subscription } = parseRequest(ZPushSubscribeRequest, body);
      await savePushSubscription(app.db, currentUser(req).id, subscription, req.headers['user-agent'] ?? '', {
        allowPrivate: app.config.pushAllowPrivateEndpoints,
      });
      return reply.status(201).send({ ok: true as const });
    }
    const login_ = parseRequest(ZLoginRequest, body);
    const userId = await login(
      app.db,
      login_.email,
      login_.password,
      now,
      RULES.deletion.reactivationDays,
      readDeviceCookie(req.cookies[DEVICE_COOKIE], deviceSecret, now),
    );
    return startSession(req, reply, userId);
  });

  route(app, 'GET /api/user.php', { inPage: true }, async ({ req, reply, viewer }) => {
    reply.header('cache-control', 'private, no-store');
    if (req.bannedSession !== null) throw new AppError(403, 'banned', 'auth.banned');
    return { user: viewer ? await loadUser(app.db, viewer.id) : null };
  });

  route(app, 'PUT /api/user.php', auth, async ({ req, body }) => {
    const me = currentUser(req);
    await updateUser(app.db, me.id, { language: body.language });
    return { user: await loadUser(app.db, me.id) };
  });

  route(app, 'GET /api/logout.php', {}, async ({ req, reply, viewer }) => {
    // A GET by the spec, so the CSRF hook for unsafe methods does not cover it: an image or link on
    // another site must not end the member's session.
    if (isCrossOrigin(req)) throw new AppError(403, 'cross_origin', 'error.cross_origin');
    const sessionId = viewer?.sessionId ?? req.bannedSession;
    if (sessionId !== null) await deleteSession(app.db, sessionId);
    clearSessionCookie(reply, secure);
    return { ok: true as const };
  });

  route(app, 'GET /api/signup-matches', auth, ({ req, site, now }) =>
    getSignupMatches(app.db, currentUser(req).id, { cdnPrefix: site.cdnPrefix, now }),
  );
};
