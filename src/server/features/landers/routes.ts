import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/route.ts';
import { getLanderPage, recordLanderEvent } from './service.ts';

/** The campaign landers' members and their funnel counts (L-07, P-08, issue 25). */
export const landerRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/landers/:name', {}, ({ params, viewer, site, now }) =>
    getLanderPage(app.db, params.name, viewer?.id ?? null, { site, now }),
  );

  route(
    app,
    'POST /api/landers/:name/events',
    { config: { rateLimit: { max: Math.ceil(60 * app.config.rateLimitFactor), timeWindow: '1 minute' } } },
    async ({ params, body, site, now }) => {
      await recordLanderEvent(app.db, site, params.name, body, now);
      return null;
    },
  );
};
