import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '../../../shared/contract/errors.ts';
import {
  COUNTED_LANDERS,
  LANDER_NAMES,
  ZLanderEvent,
  ZLanderPage,
} from '../../../shared/contract/landers.ts';
import { getLanderPage, recordLanderEvent } from './service.ts';

const ZLanderParams = z.object({ name: z.enum([...LANDER_NAMES, 'tinderswipe']) });
const ZCountedParams = z.object({ name: z.enum(COUNTED_LANDERS) });

/** The campaign landers' members and their funnel counts (L-07, P-08, issue 25). */
export const landerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/landers/:name',
    {
      schema: {
        tags: ['landers'],
        summary: "A lander's members of the site's market and niche, with a photo, and its figures (L-07)",
        params: ZLanderParams,
        response: { 200: ZLanderPage, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (req) =>
      getLanderPage(app.db, req.params.name, req.user?.id ?? null, {
        site: await app.sites(req.host),
        now: new Date(),
      }),
  );

  app.post(
    '/api/landers/:name/events',
    {
      config: { rateLimit: { max: Math.ceil(60 * app.config.rateLimitFactor), timeWindow: '1 minute' } },
      schema: {
        tags: ['landers'],
        summary: 'Counts a view of a lander or a signup started from it, per niche and source (P-08)',
        params: ZCountedParams,
        body: ZLanderEvent,
        response: { 204: z.null(), 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (req, reply) => {
      await recordLanderEvent(app.db, await app.sites(req.host), req.params.name, req.body, new Date());
      return reply.status(204).send(null);
    },
  );
};
