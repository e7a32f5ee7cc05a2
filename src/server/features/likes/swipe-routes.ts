import type { FastifyPluginAsync } from 'fastify';
import { cardContextFor } from '../../kernel/member-card.ts';
import { route } from '../../platform/route.ts';
import { currentUser } from '../../platform/session.ts';
import { likeRouteOptions } from './routes.ts';
import { findMatches, getSwipeStack, saveMatchPrefs, swipe, undoLastPass } from './swipe-service.ts';

/** Swipe game (D-07) and matchfinder (D-08): members only, answers private to the member. */
export const swipeRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const cardContext = (host: string) => cardContextFor(app, host);
  const auth = { preHandler: app.requireUser };
  const limited = likeRouteOptions(app);

  route(app, 'GET /api/swipe', auth, async ({ req }) =>
    getSwipeStack(app.db, currentUser(req).id, await cardContext(req.host)),
  );
  route(app, 'POST /api/swipe/:id', limited, ({ req, params, body, now }) =>
    swipe(app.db, currentUser(req).id, params.id, body.action, now, app.bus.publishToMember),
  );
  route(app, 'DELETE /api/swipe/passes/last', limited, async ({ req }) =>
    undoLastPass(app.db, currentUser(req).id, await cardContext(req.host)),
  );
  route(app, 'GET /api/match-finder', auth, async ({ req, query }) =>
    findMatches(app.db, currentUser(req).id, query, await cardContext(req.host)),
  );
  route(app, 'PUT /api/match-finder/preferences', limited, ({ req, body }) =>
    saveMatchPrefs(app.db, currentUser(req).id, body),
  );
};
