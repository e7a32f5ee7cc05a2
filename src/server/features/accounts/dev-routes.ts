import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { banMember, unbanMember } from './account-settings.ts';
import { findUserByEmail } from './queries.ts';

/**
 * Development-only operator shortcuts (never registered in production), until the back office exists:
 * POST /dev/ban {email, reason} and POST /dev/unban {email}.
 */
export const devAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = async (email: string) => {
    const user = await findUserByEmail(app.db, email);
    if (!user) throw new AppError(404, 'not_found', 'error.not_found');
    return user;
  };
  app.post(
    '/dev/ban',
    {
      schema: {
        hide: true,
        body: z.object({ email: z.string().max(254), reason: z.string().max(200).default('') }),
      },
    },
    async (req) => {
      await banMember(app.db, (await member(req.body.email)).id, req.body.reason, new Date());
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
};
