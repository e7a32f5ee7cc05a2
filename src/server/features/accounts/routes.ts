import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZChangeEmailRequest,
  ZChangePasswordRequest,
  ZDeleteAccountRequest,
  ZLocationOptionsRequest,
  ZLoginRequest,
  ZNotificationSettingsRequest,
  ZOk,
  ZPrivacyRequest,
  ZResetDoRequest,
  ZResetRequest,
  ZRetentionAcceptRequest,
  ZRetentionResponse,
  ZSignupRequest,
  ZSignupStepRequest,
  ZTokenRequest,
  ZUpdateUserRequest,
  ZUserResponse,
} from '../../../shared/contract/accounts.ts';
import { errorResponses, ZErrorResponse } from '../../../shared/contract/errors.ts';
import { ZDistance } from '../../../shared/contract/profiles.ts';
import { ZPushSubscribeRequest } from '../../../shared/contract/push.ts';
import { zSecret } from '../../../shared/contract/text.ts';
import { RULES } from '../../../shared/rules.ts';
import { endMemberSockets } from '../../platform/bus.ts';
import { isCrossOrigin } from '../../platform/cross-site.ts';
import { AppError } from '../../platform/errors.ts';
import { parseRequest } from '../../platform/parse.ts';
import {
  clearSessionCookie,
  createSession,
  currentUser,
  deleteSession,
  setSessionCookie,
} from '../../platform/session.ts';
import { findCompany, type SiteRow, siteOrigin } from '../../platform/site.ts';
import { savePushSubscription } from '../notifications/index.ts';
import { acceptRetention, deleteAccount, exportAccount, retentionSolutions } from './account-settings.ts';
import { DEVICE_COOKIE, getDeviceCookieSecret, readDeviceCookie, setDeviceCookie } from './device-cookie.ts';
import { updateUser } from './queries.ts';
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
import { completeSignupStep, loadUser, login, type RequestContext, signup } from './service.ts';
import { getSignupMatches } from './signup-matches.ts';

/** The activation link that failed, for one new mail without logging in (issue 11). */
const RESEND_COOKIE = 'activation_resend';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.env === 'production';
  const auth = { preHandler: app.requireUser };
  const perMinute = (max: number) => ({
    rateLimit: { max: Math.ceil(max * app.config.rateLimitFactor), timeWindow: '1 minute' },
  });

  /** Links in e-mails point at the site's own domain, never at whatever Host a request claimed. */
  const originFor = (req: FastifyRequest, site: SiteRow) => siteOrigin(req, site, app.config.publicUrl);
  async function context(req: FastifyRequest): Promise<RequestContext> {
    const site = await app.sites(req.host);
    return { site, locale: req.locale(site), origin: originFor(req, site), now: new Date() };
  }
  const deps = { db: app.db, mailer: app.mailer };
  const deviceSecret = await getDeviceCookieSecret(app.db);
  /** A new session, and the device cookie that lets this browser past a lock others set (issue 21). */
  async function startSession(req: FastifyRequest, reply: FastifyReply, userId: number) {
    setSessionCookie(reply, await createSession(app.db, userId, req.headers['user-agent'] ?? ''), secure);
    setDeviceCookie(reply, deviceSecret, userId, new Date(), secure);
    return { user: await loadUser(app.db, userId) };
  }

  app.post(
    '/api/signup',
    {
      config: perMinute(10),
      schema: {
        tags: ['accounts'],
        summary: 'Sign up (step 0): account, profile, signup credits',
        body: ZSignupRequest,
        response: { 201: ZUserResponse, ...errors },
      },
    },
    async (req, reply) => {
      const userId = await signup(deps, req.body, await context(req));
      reply.status(201);
      return startSession(req, reply, userId);
    },
  );

  app.put(
    '/api/signup/step',
    {
      ...auth,
      schema: {
        tags: ['accounts'],
        summary: 'Mark a signup step done',
        body: ZSignupStepRequest,
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (req) => {
      const me = currentUser(req);
      await completeSignupStep(app.db, me.id, req.body.step, req.body.about);
      return { user: await loadUser(app.db, me.id) };
    },
  );

  app.post(
    '/api/user.php',
    {
      config: perMinute(20),
      schema: {
        tags: ['accounts'],
        summary: 'Log in (A-05): email and password; with ?push=1 store a push subscription (N-02)',
        querystring: z.object({ push: z.enum(['0', '1']).optional() }),
        // One path, two bodies (spec §7): each is checked by its own schema below.
        body: ZLoginRequest.partial().extend(ZPushSubscribeRequest.partial().shape),
        response: { 200: ZUserResponse, 201: ZOk, ...errors },
      },
    },
    async (req, reply) => {
      if (req.query.push === '1') {
        await app.requireUser(req);
        const { subscription } = parseRequest(ZPushSubscribeRequest, req.body);
        await savePushSubscription(
          app.db,
          currentUser(req).id,
          subscription,
          req.headers['user-agent'] ?? '',
          { allowPrivate: app.config.pushAllowPrivateEndpoints },
        );
        return reply.status(201).send({ ok: true as const });
      }
      const body = parseRequest(ZLoginRequest, req.body);
      const now = new Date();
      const userId = await login(
        app.db,
        body.email,
        body.password,
        now,
        RULES.deletion.reactivationDays,
        readDeviceCookie(req.cookies[DEVICE_COOKIE], deviceSecret, now),
      );
      return startSession(req, reply, userId);
    },
  );

  app.get(
    '/api/user.php',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The current member, or null; 403 banned for the session of a banned member (A-10)',
        response: { 200: ZUserResponse, 403: ZErrorResponse },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      if (req.bannedSession !== null) throw new AppError(403, 'banned', 'auth.banned');
      return { user: req.user ? await loadUser(app.db, req.user.id) : null };
    },
  );

  app.put(
    '/api/user.php',
    {
      ...auth,
      schema: {
        tags: ['accounts'],
        summary: 'Change the language (I-04)',
        body: ZUpdateUserRequest,
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (req) => {
      const me = currentUser(req);
      await updateUser(app.db, me.id, { language: req.body.language });
      return { user: await loadUser(app.db, me.id) };
    },
  );

  app.get(
    '/api/logout.php',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Log out: ends the session on the server (refused when another site asks)',
        response: { 200: ZOk, 403: ZErrorResponse },
      },
    },
    async (req, reply) => {
      // A GET by the spec, so the CSRF hook for unsafe methods does not cover it: an image or link on
      // another site must not end the member's session.
      if (isCrossOrigin(req)) throw new AppError(403, 'cross_origin', 'error.cross_origin');
      const sessionId = req.user?.sessionId ?? req.bannedSession;
      if (sessionId !== null) await deleteSession(app.db, sessionId);
      clearSessionCookie(reply, secure);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/activation/resend',
    {
      ...auth,
      config: perMinute(3),
      schema: {
        tags: ['accounts'],
        summary: 'Send the activation mail again',
        response: { 200: ZOk, ...errors },
      },
    },
    async (req) => {
      await resendActivation(deps, currentUser(req).id, await context(req));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/activate',
    {
      config: perMinute(30),
      schema: {
        tags: ['accounts'],
        summary: 'Activation link: redirects to /activate/done or /activate/error',
        querystring: z.object({ token: zSecret(200).optional() }),
      },
    },
    async (req, reply) => {
      const token = req.query.token;
      const userId = token ? await activate(deps, token, new Date()) : null;
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
    },
  );

  app.post(
    '/api/activation/resend-link',
    {
      config: perMinute(3),
      schema: {
        tags: ['accounts'],
        summary: 'Send a new activation mail for the account of the activation link just opened (A-04)',
        response: { 200: ZOk, ...errors },
      },
    },
    async (req, reply) => {
      const token = req.cookies[RESEND_COOKIE];
      if (!token || token.length > 200) throw new AppError(400, 'link_invalid', 'activate.failed');
      await resendActivationByLink(deps, token, await context(req));
      reply.clearCookie(RESEND_COOKIE, { path: '/api/activation' });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/password-reset',
    {
      config: perMinute(5),
      schema: {
        tags: ['accounts'],
        summary: 'Mail a password-reset link (A-07)',
        body: ZResetRequest,
        response: { 200: ZOk, ...errors },
      },
    },
    async (req) => {
      await requestPasswordReset(deps, req.body.email, await context(req));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/password-reset/do',
    {
      config: perMinute(10),
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password from a reset link',
        body: ZResetDoRequest,
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (req, reply) => {
      const userId = await resetPassword(deps, req.body.token, req.body.password, await context(req));
      endMemberSockets(app.bus, userId, 'ended');
      return startSession(req, reply, userId);
    },
  );

  app.put(
    '/api/account/password',
    {
      ...auth,
      config: perMinute(10),
      schema: {
        tags: ['accounts'],
        summary: 'Change the password',
        body: ZChangePasswordRequest,
        response: { 200: ZOk, ...errors },
      },
    },
    async (req) => {
      const me = currentUser(req);
      await changePassword(
        deps,
        me.id,
        me.sessionId,
        req.body.old_password,
        req.body.password,
        await context(req),
      );
      endMemberSockets(app.bus, me.id, 'ended', me.sessionId);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/account/email',
    {
      ...auth,
      config: perMinute(5),
      schema: {
        tags: ['accounts'],
        summary: 'Change the e-mail: mails a confirmation link to the new address',
        body: ZChangeEmailRequest,
        response: { 200: ZOk, ...errors },
      },
    },
    async (req) => {
      await requestEmailChange(
        deps,
        currentUser(req).id,
        req.body.email,
        req.body.password,
        await context(req),
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/api/mail-change/do',
    {
      config: perMinute(10),
      schema: {
        tags: ['accounts'],
        summary: 'Confirm a change of e-mail',
        body: ZTokenRequest,
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (req) => {
      const ownSession = req.user?.sessionId;
      const userId = await confirmEmailChange(deps, req.body.token, await context(req), ownSession);
      endMemberSockets(app.bus, userId, 'ended', req.user?.id === userId ? ownSession : undefined);
      // The link may be opened on another device: only a member already logged in as this account sees it.
      return { user: req.user?.id === userId ? await loadUser(app.db, userId) : null };
    },
  );

  app.put(
    '/api/account/notifications',
    {
      ...auth,
      schema: {
        tags: ['accounts'],
        summary: 'E-mail notification preferences per type',
        body: ZNotificationSettingsRequest,
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const current = await loadUser(app.db, me.id);
      await updateUser(app.db, me.id, {
        notificationSettings: { ...current.notification_settings, ...req.body.notification_settings },
      });
      return { user: await loadUser(app.db, me.id) };
    },
  );

  app.put(
    '/api/account/privacy',
    {
      ...auth,
      schema: {
        tags: ['accounts'],
        summary: 'Invisible mode',
        body: ZPrivacyRequest,
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (req) => {
      const me = currentUser(req);
      await updateUser(app.db, me.id, { invisible: req.body.invisible });
      return { user: await loadUser(app.db, me.id) };
    },
  );

  app.put(
    '/api/account/location',
    {
      ...auth,
      schema: {
        tags: ['accounts'],
        summary: 'Location options',
        body: ZLocationOptionsRequest,
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (req) => {
      const me = currentUser(req);
      await updateUser(app.db, me.id, { locationOptions: req.body });
      return { user: await loadUser(app.db, me.id) };
    },
  );

  app.get(
    '/api/account/retention',
    {
      ...auth,
      schema: {
        tags: ['accounts'],
        summary: 'What we can offer instead of deleting',
        response: { 200: ZRetentionResponse, ...errors },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const site = await app.sites(req.host);
      return {
        solutions: retentionSolutions(
          await loadUser(app.db, me.id),
          await findCompany(app.db, site.companyId),
        ),
      };
    },
  );

  app.post(
    '/api/account/retention',
    {
      ...auth,
      schema: {
        tags: ['accounts'],
        summary: 'Accept a retention offer',
        body: ZRetentionAcceptRequest,
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const site = await app.sites(req.host);
      await acceptRetention(
        app.db,
        await loadUser(app.db, me.id),
        req.body.kind,
        await findCompany(app.db, site.companyId),
      );
      return { user: await loadUser(app.db, me.id) };
    },
  );

  app.delete(
    '/api/account',
    {
      ...auth,
      config: perMinute(5),
      schema: {
        tags: ['accounts'],
        summary: 'Delete the account (reactivation by login within 14 days)',
        body: ZDeleteAccountRequest,
        response: { 200: ZOk, ...errors },
      },
    },
    async (req, reply) => {
      await deleteAccount(app.db, currentUser(req).id, req.body, new Date());
      endMemberSockets(app.bus, currentUser(req).id, 'ended');
      clearSessionCookie(reply, secure);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/account/export',
    {
      ...auth,
      config: perMinute(5),
      schema: { tags: ['accounts'], summary: 'Download all my data as JSON (A-12)' },
    },
    async (req, reply) => {
      const data = await exportAccount(app.db, currentUser(req).id);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="vonk-data-${new Date().toISOString().slice(0, 10)}.json"`,
        )
        .header('cache-control', 'private, no-store')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.get(
    '/api/signup-matches',
    {
      ...auth,
      schema: {
        tags: ['accounts'],
        summary: 'Members near a new member, with a photo first, then by distance (A-11)',
        response: {
          200: z.object({
            profiles: z.array(
              z.object({
                id: z.number(),
                name: z.string(),
                age: z.number().nullable(),
                city: z.string().nullable(),
                thumb_url: z.string().nullable(),
                distance: ZDistance.nullable(),
              }),
            ),
          }),
        },
      },
    },
    async (req) =>
      getSignupMatches(app.db, currentUser(req).id, {
        cdnPrefix: (await app.sites(req.host)).cdnPrefix,
        now: new Date(),
      }),
  );
};
