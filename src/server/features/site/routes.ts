import type { FastifyPluginAsync } from 'fastify';
import { INTERESTS } from '../../../shared/data/interests.ts';
import { COUNTRY_COOKIE } from '../../../shared/i18n/locales.ts';
import { matchRoute } from '../../../shared/routes.ts';
import { route } from '../../platform/route.ts';
import { getCompany, getRegions, presentSettings } from './service.ts';

const SELECTED_COUNTRY_COOKIE = COUNTRY_COOKIE;

export const siteRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/settings', { inPage: true }, async ({ req, reply, query, site: hostSite }) => {
    const site = query.domain ? await app.sites(query.domain) : hostSite;
    reply.header('cache-control', 'private, no-cache');
    return presentSettings(site, {
      locale: req.locale(site),
      geoipCountry: req.geoCountry(site),
      selectedCountry: req.cookies[SELECTED_COUNTRY_COOKIE],
      pushPublicKey: app.pushPublicKey,
    });
  });

  route(app, 'GET /api/company', { inPage: true }, ({ reply, site }) => {
    reply.header('cache-control', 'public, max-age=300');
    return getCompany(app.sites.company, site);
  });

  route(app, 'GET /api/interests', { inPage: true }, ({ reply }) => {
    reply.header('cache-control', 'public, max-age=3600');
    return { interests: [...INTERESTS] };
  });

  route(app, 'GET /api/regions', { inPage: true }, ({ reply, query }) => {
    reply.header('cache-control', 'public, max-age=3600');
    return getRegions(query.country);
  });

  route(
    app,
    'POST /api/page-bounce',
    { config: { rateLimit: { max: Math.ceil(30 * app.config.rateLimitFactor), timeWindow: '1 minute' } } },
    ({ req, body }) => {
      // Known routes only as labels, so a visitor cannot grow the metric without bound.
      const path = matchRoute(body.path) ?? 'other';
      const network = body.network ? 'with_network' : 'none';
      app.metrics.pageBounce.observe({ path, network }, body.seconds);
      req.log.info({ route: path, seconds: body.seconds, network: body.network ?? null }, 'page bounce');
      return null;
    },
  );

  route(app, 'POST /api/page-hidden.php', {}, () => {
    app.metrics.pageHidden.inc();
    return null;
  });
};
