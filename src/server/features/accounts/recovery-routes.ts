import type { FastifyPluginAsync } from 'fastify';
import { endMemberSockets } from '../../platform/bus.ts';
import { AppError } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import { currentUser } from '../../platform/session.ts';
import {
  activate,
  changePassword,
  confirmEmailChange,
  failedActivation,
  requestEmailChange,
  requestPasswordReset,
  resendActivation,
  resendActivationByLink,
  resetPassword,
} from './recovery.ts';
import { accountKit } from './route-kit.ts';
import { loadUser } from './service.ts';

/** The activation link that failed, for one new mail without logging in (issue 11). */
const RESEND_COOKIE = 'activation_resend';

/** Activation, password reset and the changes of password and e-mail, with their mailed links. */
export const recoveryRoutes: FastifyPluginAsync = async (app) => {
  const { secure, auth, perMinute, deps, mailContext, startSession } = await accountKit(app);

  route(app, 'POST /api/activation/resend', { ...auth, config: perMinute(3) }, async (ctx) => {
    await resendActivation(deps, currentUser(ctx.req).id, mailContext(ctx));
    return { ok: true as const };
  });

  route(app, 'GET /api/activate', { config: perMinute(30) }, async ({ reply, query, now }) => {
    const token = query.token;
    const userId = token ? await activate(deps, token, now) : null;
    if (userId) return reply.redirect('/activate/done', 303);
    const outcome = token ? await failedActivation(deps, token) : 'unknown';
    if (outcome === 'already_active') return reply.redirect('/activate/done?already=1', 303);
    // The error page may ask for a new mail with this link: kept in a short cookie that only the
    // resend call sees, so the token never appears in a redirect.
    if (outcome === 'resend' && token)
      reply.setCookie(RESEND_COOKIE, token, {
        path: '/api/activation',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: 3600,
      });
    return reply.redirect('/activate/error', 303);
  });

  route(app, 'POST /api/activation/resend-link', { config: perMinute(3) }, async (ctx) => {
    const token = ctx.req.cookies[RESEND_COOKIE];
    if (!token || token.length > 200) throw new AppError(400, 'link_invalid', 'activate.failed');
    await resendActivationByLink(deps, token, mailContext(ctx));
    ctx.reply.clearCookie(RESEND_COOKIE, { path: '/api/activation' });
    return { ok: true as const };
  });

  route(app, 'POST /api/password-reset', { config: perMinute(5) }, async (ctx) => {
    await requestPasswordReset(deps, ctx.body.email, mailContext(ctx));
    return { ok: true as const };
  });

  route(app, 'POST /api/password-reset/do', { config: perMinute(10) }, async (ctx) => {
    const userId = await resetPassword(deps, ctx.body.token, ctx.body.password, mailContext(ctx));
    endMemberSockets(app.bus, userId, 'ended');
    return startSession(ctx.req, ctx.reply, userId);
  });

  route(app, 'PUT /api/account/password', { ...auth, config: perMinute(10) }, async (ctx) => {
    const me = currentUser(ctx.req);
    await changePassword(
      deps,
      me.id,
      me.sessionId,
      ctx.body.old_password,
      ctx.body.password,
      mailContext(ctx),
    );
    endMemberSockets(app.bus, me.id, 'ended', me.sessionId);
    return { ok: true as const };
  });

  route(app, 'PUT /api/account/email', { ...auth, config: perMinute(5) }, async (ctx) => {
    await requestEmailChange(
      deps,
      currentUser(ctx.req).id,
      ctx.body.email,
      ctx.body.password,
      mailContext(ctx),
    );
    return { ok: true as const };
  });

  route(app, 'POST /api/mail-change/do', { config: perMinute(10) }, async (ctx) => {
    const { viewer } = ctx;
    const ownSession = viewer?.sessionId;
    const userId = await confirmEmailChange(deps, ctx.body.token, mailContext(ctx), ownSession);
    endMemberSockets(app.bus, userId, 'ended', viewer?.id === userId ? ownSession : undefined);
    // The link may be opened on another device: only a member already logged in as this account sees it.
    return { user: viewer?.id === userId ? await loadUser(app.db, userId) : null };
  });
};
