import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBlockListResponse } from '../../../shared/contract/blocks.ts';
import { ZErrorResponse } from '../../../shared/contract/errors.ts';
import { currentUser } from '../../platform/session.ts';
import { listMyBlocks } from './blocks-service.ts';

/** The list of members I blocked (M-06); blocking and unblocking themselves are in routes.ts. */
export const blockRoutes: FastifyPluginAsyncZod = async (app) => {
  // The answer is one member's own list: never kept by shared caches.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/api/blocks',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['profiles'],
        summary: 'Members I blocked, newest first, at most 200 (M-06)',
        response: { 200: ZBlockListResponse, 403: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (req) =>
      listMyBlocks(app.db, currentUser(req).id, {
        cdnPrefix: (await app.sites(req.host)).cdnPrefix,
        now: new Date(),
      }),
  );
};
