import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSearchQuery, ZSearchResponse } from '../../../shared/contract/discovery.ts';
import { ZErrorResponse } from '../../../shared/contract/errors.ts';
import { searchMembers } from './service.ts';

/** Member search (D-01, D-02, D-10). */
export const discoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/members',
    {
      schema: {
        tags: ['discovery'],
        summary:
          'Search members: a page of cards, the count, similar results; visitors per settings (D-01, D-02)',
        querystring: ZSearchQuery,
        response: { 200: ZSearchResponse, 400: ZErrorResponse, 403: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (req, reply) => {
      // Results leave out the viewer's blocks: never kept by shared caches.
      reply.header('cache-control', 'private, no-store');
      const site = await app.sites(req.host);
      return searchMembers(app.db, req.query, {
        site,
        viewerId: req.user?.id ?? null,
        geoCountry: req.geoCountry(site),
        now: new Date(),
      });
    },
  );
};
