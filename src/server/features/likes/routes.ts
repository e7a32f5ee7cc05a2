import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '../../../shared/contract/errors.ts';
import { LIKES_PER_MINUTE, ZLikeResponse } from '../../../shared/contract/likes.ts';
import { ZMemberIdParams } from '../../../shared/contract/profiles.ts';
import { currentUser } from '../../platform/session.ts';
import { likeMember, unlikeMember } from './service.ts';

const errors = {
  400: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
};

/** Like and unlike from a profile page (M-05); the likes pages build on the same table (D-03). */
export const likeRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = {
    preHandler: app.requireUser,
    config: {
      rateLimit: { max: Math.ceil(LIKES_PER_MINUTE * app.config.rateLimitFactor), timeWindow: '1 minute' },
    },
  };

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
    async (req) => likeMember(app.db, currentUser(req).id, req.params.id),
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
};
