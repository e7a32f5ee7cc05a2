import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '../../../shared/contract/errors.ts';
import {
  ZCompany,
  ZInterestsResponse,
  ZRegionsQuery,
  ZRegionsResponse,
  ZSettings,
  ZSettingsQuery,
} from '../../../shared/contract/site.ts';
import { zLine } from '../../../shared/contract/text.ts';
import { INTERESTS } from '../../../shared/data/interests.ts';
import { COUNTRY_COOKIE } from '../../../shared/i18n/locales.ts';
import { matchRoute } from '../../../shared/routes.ts';
import { getCompany, getRegions, presentSettings } from './service.ts';

const SELECTED_COUNTRY_COOKIE = COUNTRY_COOKIE;

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings',
    {
      schema: {
        tags: ['site'],
        summary: 'Settings of the site for a domain (the request host when no domain is given)',
        querystring: ZSettingsQuery,
        response: { 200: ZSettings, 400: ZErrorResponse },
      },
    },
    async (req, reply) => {
      const site = await app.sites(req.query.domain || req.host);
      reply.header('cache-control', 'private, no-cache');
      return presentSettings(site, {
        locale: req.locale(site),
        geoipCountry: req.geoCountry(site),
        selectedCountry: req.cookies[SELECTED_COUNTRY_COOKIE],
        pushPublicKey: app.pushPublicKey,
      });
    },
  );

  app.get(
    '/api/company',
    { schema: { tags: ['site'], summary: 'The company behind the site', response: { 200: ZCompany } } },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return getCompany(app.db, await app.sites(req.host));
    },
  );

  app.get(
    '/api/interests',
    {
      schema: {
        tags: ['site'],
        summary: 'Interests with icons and names in every locale',
        response: { 200: ZInterestsResponse },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { interests: [...INTERESTS] };
    },
  );

  app.get(
    '/api/regions',
    {
      schema: {
        tags: ['site'],
        summary: 'Regions of a country with their label kind',
        querystring: ZRegionsQuery,
        response: { 200: ZRegionsResponse, 404: ZErrorResponse },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return getRegions(req.query.country);
    },
  );

  app.post(
    '/api/page-bounce',
    {
      config: { rateLimit: { max: Math.ceil(30 * app.config.rateLimitFactor), timeWindow: '1 minute' } },
      schema: {
        tags: ['site'],
        summary: 'Page-bounce logging for landings marked with lb (P-08)',
        body: z.object({
          path: zLine(200),
          seconds: z.number().int().min(0).max(86_400),
          network: zLine(64).nullable().optional(),
        }),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      // Known routes only as labels, so a visitor cannot grow the metric without bound.
      const route = matchRoute(req.body.path) ?? 'other';
      const network = req.body.network ? 'with_network' : 'none';
      app.metrics.pageBounce.observe({ path: route, network }, req.body.seconds);
      req.log.info({ route, seconds: req.body.seconds, network: req.body.network ?? null }, 'page bounce');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/page-hidden.php',
    {
      schema: {
        tags: ['site'],
        summary: 'Beacon sent when the page becomes hidden (P-07)',
        body: z.object({}).passthrough().optional(),
        response: { 204: z.null() },
      },
    },
    async (_req, reply) => {
      app.metrics.pageHidden.inc();
      return reply.status(204).send(null);
    },
  );
};
