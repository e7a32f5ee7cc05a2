import type { FastifyPluginAsync } from 'fastify';
import { cardContextFor } from '../../kernel/member-card.ts';
import { route } from '../../platform/route.ts';
import { currentUser } from '../../platform/session.ts';
import { dismissPopup, getCounts, getPopup, listNotifications, readNotifications } from './inbox-service.ts';

/** Counts for the navigation (P-06, P-13) and the notifications page (D-09, N-01); all private. */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const auth = { preHandler: app.requireUser };
  const cardContext = (host: string) => cardContextFor(app, host);

  route(app, 'GET /api/counts', { ...auth, inPage: true }, ({ req }) =>
    getCounts(app.db, currentUser(req).id),
  );

  route(app, 'GET /api/notifications', auth, async ({ req, query }) =>
    listNotifications(app.db, currentUser(req).id, query.cursor, await cardContext(req.host)),
  );

  route(app, 'POST /api/notifications/read', auth, async ({ req, body, now }) => {
    await readNotifications(app.db, currentUser(req).id, body.up_to, now);
    return { ok: true as const };
  });

  route(app, 'GET /api/notifications/popup', { ...auth, inPage: true }, async ({ req, query }) =>
    getPopup(app.db, currentUser(req).id, query.after, await cardContext(req.host)),
  );

  route(app, 'POST /api/notifications/:id/popup-seen', auth, async ({ req, params, now }) => {
    await dismissPopup(app.db, currentUser(req).id, params.id, now);
    return { ok: true as const };
  });
};
