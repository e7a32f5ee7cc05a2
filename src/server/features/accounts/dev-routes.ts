import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TSignupRequest } from '../../../shared/contract/accounts.ts';
import { AppError } from '../../platform/errors.ts';
import { createSession, setSessionCookie } from '../../platform/session.ts';
import { siteOrigin } from '../../platform/site.ts';
import { updateOwnProfile } from '../profiles/index.ts';
import { banMember, unbanMember } from './account-settings.ts';
import { findUserByEmail, updateProfile, updateUser } from './queries.ts';
import { loadUser, signup } from './service.ts';
import { bookCredits } from './wallet.ts';

/**
 * Development-only operator shortcuts (never registered in production), until the back office exists:
 * POST /dev/ban {email, reason} and POST /dev/unban {email}; POST /dev/credits {email, credits, paid_user?}
 * grants credits, or spends them when negative (and premium, as a first purchase would) for end-to-end
 * journeys, from this machine only. POST /dev/members {signup fields, activated?, place?} makes a member as
 * the signup form does (same checks, credits and mail), activated unless `activated: false`, and logs
 * them in: end-to-end journeys that are not about signup start there instead of at the form and the outbox.
 */
export const devAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = async (email: string) => {
    const user = await findUserByEmail(app.db, email);
    if (!user) throw new AppError(404, 'not_found', 'error.not_found');
    return user;
  };
  app.post(
    '/dev/members',
    {
      schema: {
        hide: true,
        // The signup fields are checked by signup itself, as for the form.
        body: z
          .object({
            activated: z.boolean().default(true),
            place: z
              .object({ country: z.string().max(2), region: z.string().max(10), city: z.string().max(80) })
              .partial()
              .optional(),
          })
          .loose(),
      },
    },
    async (req, reply) => {
      const { activated, place, ...fields } = req.body;
      const site = await app.sites(req.host);
      const origin = siteOrigin(req, site, app.config.publicUrl);
      const ctx = { site, locale: req.locale(site), origin, now: new Date() };
      const userId = await signup(
        { db: app.db, mailer: app.mailer },
        { ...(fields as TSignupRequest), terms: true },
        ctx,
      );
      if (activated) {
        await updateUser(app.db, userId, { status: 'confirmed' });
        await updateProfile(app.db, userId, { status: 'active' });
      }
      if (place) await updateOwnProfile(app.db, userId, place, site);
      const agent = req.headers['user-agent'] ?? '';
      setSessionCookie(reply, await createSession(app.db, userId, agent), app.config.env === 'production');
      reply.status(201);
      return { user: await loadUser(app.db, userId) };
    },
  );
  app.post(
    '/dev/ban',
    {
      schema: {
        hide: true,
        body: z.object({ email: z.string().max(254), reason: z.string().max(200).default('') }),
      },
    },
    async (req) => {
      await banMember(app.db, (await member(req.body.email)).id, req.body.reason, new Date(), app.bus);
      return { ok: true };
    },
  );
  app.post(
    '/dev/unban',
    { schema: { hide: true, body: z.object({ email: z.string().max(254) }) } },
    async (req) => {
      await unbanMember(app.db, (await member(req.body.email)).id);
      return { ok: true };
    },
  );
  app.post(
    '/dev/credits',
    {
      schema: {
        hide: true,
        body: z.object({
          email: z.string().max(254),
          // Negative: spends that many (never below zero), e.g. to try what a member with 0 credits sees.
          credits: z
            .number()
            .int()
            .min(-100_000)
            .max(100_000)
            .refine((n) => n !== 0),
          paid_user: z.boolean().default(false),
        }),
      },
    },
    async (req) => {
      // The socket's own address, not a forwarded one: only a caller on this machine may grant credits.
      const from = req.socket.remoteAddress ?? '';
      if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(from)) {
        throw new AppError(404, 'not_found', 'error.not_found');
      }
      const user = await member(req.body.email);
      if (req.body.paid_user) await updateUser(app.db, user.id, { paidUser: true });
      return {
        credits: await bookCredits(app.db, user.id, req.body.credits, {
          reason: req.body.credits > 0 ? 'dev_grant' : 'dev_spend',
        }),
      };
    },
  );
};
