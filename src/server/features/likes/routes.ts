import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { LIKES_PER_MINUTE } from '../../../shared/contract/likes.ts';
import { cardContextFor } from '../../kernel/member-card.ts';
import { route } from '../../platform/route.ts';
import { currentUser } from '../../platform/session.ts';
import { autoLike, likeMember, listLikes, unlikeMember } from './service.ts';

/** Members only, and no more likes a minute than a person gives (swipes count the same). */
export const likeRouteOptions = (app: FastifyInstance) => ({
  preHandler: app.requireUser,
  config: {
    rateLimit: { max: Math.ceil(LIKES_PER_MINUTE * app.config.rateLimitFactor), timeWindow: '1 minute' },
  },
});

/** Like and unlike from a profile page (M-05); the likes pages build on the same table (D-03). */
export const likeRoutes: FastifyPluginAsync = async (app) => {
  const options = likeRouteOptions(app);
  const cardContext = (host: string) => cardContextFor(app, host);

  route(app, 'POST /api/members/:id/like', options, ({ req, params }) =>
    likeMember(app.db, currentUser(req).id, params.id, app.bus.publishToMember),
  );
  route(app, 'DELETE /api/members/:id/like', options, ({ req, params }) =>
    unlikeMember(app.db, currentUser(req).id, params.id),
  );
  route(app, 'GET /api/likes', { preHandler: app.requireUser }, async ({ req, reply, query }) => {
    reply.header('cache-control', 'private, no-store');
    return listLikes(app.db, currentUser(req).id, query, await cardContext(req.host));
  });
  route(app, 'POST /api/likes/auto', options, async ({ req }) =>
    autoLike(app.db, currentUser(req).id, await cardContext(req.host), app.bus.publishToMember),
  );
};
