import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/route.ts';
import { siteOrigin } from '../../platform/site.ts';
import { fileComplaint } from './complaints-service.ts';

/** POST /api/complaints (L-09): from visitors and members; a few an hour per address, like a mail form. */
export const complaintRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    'POST /api/complaints',
    { config: { rateLimit: { max: Math.ceil(10 * app.config.rateLimitFactor), timeWindow: '1 hour' } } },
    ({ req, body, site, locale, viewer }) =>
      fileComplaint({ db: app.db, mailer: app.mailer }, body, {
        site,
        locale,
        origin: siteOrigin(req, site, app.config.publicUrl),
        userId: viewer?.id ?? null,
      }),
  );
};
