import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sites } from '../../db/schema.ts';

/**
 * Development-only, until the back office edits sites: POST /dev/site {signups} sets how the requesting
 * site takes signups, so a journey can see a site that takes only visitors with a traffic source.
 */
export const devSiteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/dev/site',
    { schema: { hide: true, body: z.object({ signups: z.enum(['all', 'with_trafficsource']) }) } },
    async (req) => {
      const site = await app.sites(req.host);
      await app.db.update(sites).set({ signups: req.body.signups }).where(eq(sites.id, site.id));
      app.sites.forget();
      return { ok: true };
    },
  );
};
