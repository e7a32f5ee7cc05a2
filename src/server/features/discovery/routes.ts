import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/route.ts';
import { searchMembers } from './service.ts';

/** Member search (D-01, D-02, D-10). */
export const discoveryRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/members', { inPage: true }, ({ req, reply, query, site, viewer, now }) => {
    // Results leave out the viewer's blocks: never kept by shared caches.
    reply.header('cache-control', 'private, no-store');
    return searchMembers(app.db, query, {
      site,
      viewerId: viewer?.id ?? null,
      geoCountry: req.geoCountry(site),
      now,
    });
  });
};
