import type { FastifyPluginAsync } from 'fastify';
import { PLACES_SHOWN } from '../../../shared/contract/site.ts';
import { AppError } from '../../platform/errors.ts';
import { reverseGeocode, searchPlaces } from '../../platform/geo.ts';
import { route } from '../../platform/route.ts';

export const geocodeRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    'GET /api/places',
    { config: { rateLimit: { max: Math.ceil(120 * app.config.rateLimitFactor), timeWindow: '1 minute' } } },
    ({ reply, query, site }) => {
      reply.header('cache-control', 'public, max-age=3600');
      const places = searchPlaces(query.q, site.countries, PLACES_SHOWN).map((p) => ({
        ...p,
        lat: Math.round(p.lat * 100) / 100,
        lon: Math.round(p.lon * 100) / 100,
      }));
      return { places };
    },
  );

  route(
    app,
    'GET /api/geocode.php',
    { config: { rateLimit: { max: Math.ceil(60 * app.config.rateLimitFactor), timeWindow: '1 minute' } } },
    ({ reply, query }) => {
      const place = reverseGeocode(query.lat, query.lon);
      if (!place) throw new AppError(404, 'geocode_not_found', 'geo.not_found');
      reply.header('cache-control', 'private, max-age=3600');
      return place;
    },
  );
};
