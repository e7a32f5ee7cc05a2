import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZUserResponse } from '../../../shared/contract/accounts.ts';
import { errorResponses } from '../../../shared/contract/errors.ts';
import { currentUser } from '../../platform/session.ts';
import { updateUser } from './queries.ts';
import { loadUser } from './service.ts';

const errors = errorResponses(400, 403, 404, 429);

/**
 * E-mail back on after a bounce, a spam report or an unsubscribe link (N-04). The account's own setting,
 * so it lives here, not beside the unsubscribe links in notifications (which would then import accounts).
 */
export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/account/email/enable',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'Turn e-mail back on after a bounce, a spam report or an unsubscribe link (N-04)',
        response: { 200: ZUserResponse, ...errors },
      },
    },
    async (req) => {
      const me = currentUser(req);
      await updateUser(app.db, me.id, { notificationsDisabled: [] });
      return { user: await loadUser(app.db, me.id) };
    },
  );
};
