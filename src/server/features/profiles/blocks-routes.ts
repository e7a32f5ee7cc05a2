import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/route.ts';
import { currentUser } from '../../platform/session.ts';
import { listMyBlocks } from './blocks-service.ts';

/** The list of members I blocked (M-06); blocking and unblocking themselves are in routes.ts. */
export const blockRoutes: FastifyPluginAsync = async (app) => {
  // The answer is one member's own list: never kept by shared caches.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  route(app, 'GET /api/blocks', { preHandler: app.requireUser }, ({ req, site, now }) =>
    listMyBlocks(app.db, currentUser(req).id, { cdnPrefix: site.cdnPrefix, now }),
  );
};
