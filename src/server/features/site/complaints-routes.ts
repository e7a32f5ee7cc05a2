import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZComplaintRequest, ZComplaintResponse } from '../../../shared/contract/complaints.ts';
import { ZErrorResponse } from '../../../shared/contract/errors.ts';
import { siteOrigin } from '../../platform/site.ts';
import { fileComplaint } from './complaints-service.ts';

/** POST /api/complaints (L-09): from visitors and members; a few an hour per address, like a mail form. */
export const complaintRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/complaints',
    {
      config: {
        rateLimit: { max: Math.ceil(10 * app.config.rateLimitFactor), timeWindow: '1 hour' },
      },
      schema: {
        tags: ['site'],
        summary: 'Send a complaint or report a member to support (L-09)',
        body: ZComplaintRequest,
        response: {
          201: ZComplaintResponse,
          400: ZErrorResponse,
          409: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (req, reply) => {
      const site = await app.sites(req.host);
      const origin = siteOrigin(req, site, app.config.publicUrl);
      const answer = await fileComplaint({ db: app.db, mailer: app.mailer }, req.body, {
        site,
        locale: req.locale(site),
        origin,
        userId: req.user?.id ?? null,
      });
      return reply.status(201).send(answer);
    },
  );
};
