import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/route.ts';
import { currentUser } from '../../platform/session.ts';
import { updateUser } from './queries.ts';
import { loadUser } from './service.ts';

/**
 * E-mail back on after a bounce, a spam report or an unsubscribe link (N-04). The account's own setting,
 * so it lives here, not beside the unsubscribe links in notifications (which would then import accounts).
 */
export const emailRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'PUT /api/account/email/enable', { preHandler: app.requireUser }, async ({ req }) => {
    const me = currentUser(req);
    await updateUser(app.db, me.id, { notificationsDisabled: [] });
    return { user: await loadUser(app.db, me.id) };
  });
};
