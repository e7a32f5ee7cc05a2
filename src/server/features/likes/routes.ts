import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/contract/errors.ts';
import {
  LIKES_PER_MINUTE,
  ZAutoLikeResponse,
  ZLikeResponse,
  ZLikesQuery,
  ZLikesResponse,
} from '../../../shared/contract/likes.ts';
import { ZMemberIdParams } from '../../../shared/contract/profiles.ts';
import { cardContextFor } from '../../kernel/member-card.ts';
import { currentUser } from '../../platform/session.ts';
import { autoLike, likeMember, listLikes, unlikeMember } from './service.ts';

const errors = errorResponses(400, 403, 404, 409, 429);

/** Members only, and no more likes a minute than a person gives (swipes count the same). */
export const likeRouteOptions = (app: FastifyInstance) => ({
  preHandler: app.requireUser,
  config: {
    rateLimit: { max: Math.ceil(LIKES_PER_MINUTE * app.config.rateLimitFactor), timeWindow: '1 minute' },
  },
});

/** Like and unlike from a profile page (M-05); the likes pages build on the same table (D-03). */
export const likeRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = likeRouteOptions(app);

  app.post(
    '/api/members/:id/like',
    {
      ...options,
      schema: {
        tags: ['likes'],
        summary: 'Like a member; `match` when they like you too (M-05)',
        params: ZMemberIdParams,
        response: { 200: ZLikeResponse, ...errors },
      },
    },
    async (req) => likeMember(app.db, currentUser(req).id, req.params.id, app.bus.publishToMember),
  );

  app.delete(
    '/api/members/:id/like',
    {
      ...options,
      schema: {
        tags: ['likes'],
        summary: 'Take a like back (M-05)',
        params: ZMemberIdParams,
        response: { 200: ZLikeResponse, ...errors },
      },
    },
    async (req) => unlikeMember(app.db, currentUser(req).id, req.params.id),
  );

  const cardContext = (host: string) => cardContextFor(app, host);

  app.get(
    '/api/likes',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['likes'],
        summary: 'A page of the likes received, given or mutual: profiles and liked_by (D-03, spec §3)',
        querystring: ZLikesQuery,
        response: { 200: ZLikesResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listLikes(app.db, currentUser(req).id, req.query, await cardContext(req.host));
    },
  );

  app.post(
    '/api/likes/auto',
    {
      ...options,
      schema: {
        tags: ['likes'],
        summary: 'A fitting fictional profile likes the member, a few a day at most (D-06, spec §7)',
        response: { 200: ZAutoLikeResponse, ...errors },
      },
    },
    async (req) =>
      autoLike(app.db, currentUser(req).id, await cardContext(req.host), app.bus.publishToMember),
  );
};
