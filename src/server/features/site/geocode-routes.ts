import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '../../../shared/contract/errors.ts';
import { ZCountry } from '../../../shared/contract/site.ts';
import { zLine } from '../../../shared/contract/text.ts';
import { AppError } from '../../platform/errors.ts';
import { reverseGeocode, searchPlaces } from '../../platform/geo.ts';

/** A plain decimal number as the query string gives it: no exponent, no hex, no empty string. */
function coordinate(limit: number) {
  return z
    .string()
    .trim()
    .regex(/^[-+]?(\d{1,3}(\.\d{0,20})?|\.\d{1,20})$/, 'geo.invalid_coordinate')
    .transform(Number)
    .pipe(z.number().min(-limit, 'geo.invalid_coordinate').max(limit, 'geo.invalid_coordinate'));
}

export const ZGeocodeQuery = z.object({
  lat: coordinate(90).describe('Latitude in degrees, -90 to 90'),
  lon: coordinate(180).describe('Longitude in degrees, -180 to 180'),
});

/** The place at a position; the coordinates themselves are never echoed (M-10). */
export const ZGeocodeResponse = z.object({
  city: z.string(),
  country: ZCountry,
  region: z.object({ code: z.string(), name: z.string() }).nullable(),
});
export type TGeocodeResponse = z.infer<typeof ZGeocodeResponse>;

export const ZPlacesQuery = z.object({ q: zLine(80).describe('The start of a place name') });

/** Places a member may live in, for the signup's city search: a city's centre, never a member's position. */
export const ZPlacesResponse = z.object({
  places: z.array(ZGeocodeResponse.extend({ lat: z.number(), lon: z.number() })),
});
export type TPlacesResponse = z.infer<typeof ZPlacesResponse>;

export const PLACES_SHOWN = 8;

export const geocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/places',
    {
      schema: {
        tags: ['site'],
        summary: "Places of the site's countries whose name starts with q, the largest first (issue 11)",
        querystring: ZPlacesQuery,
        response: { 200: ZPlacesResponse, 400: ZErrorResponse, 429: ZErrorResponse },
      },
      config: { rateLimit: { max: Math.ceil(120 * app.config.rateLimitFactor), timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const site = await app.sites(req.host);
      reply.header('cache-control', 'public, max-age=3600');
      const places = searchPlaces(req.query.q, site.countries, PLACES_SHOWN).map((p) => ({
        ...p,
        lat: Math.round(p.lat * 100) / 100,
        lon: Math.round(p.lon * 100) / 100,
      }));
      return { places };
    },
  );

  app.get(
    '/api/geocode.php',
    {
      schema: {
        tags: ['site'],
        summary: 'The nearest city (within 50 km) of a position, with its country and region (M-07)',
        querystring: ZGeocodeQuery,
        response: { 200: ZGeocodeResponse, 400: ZErrorResponse, 404: ZErrorResponse, 429: ZErrorResponse },
      },
      config: { rateLimit: { max: Math.ceil(60 * app.config.rateLimitFactor), timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const place = reverseGeocode(req.query.lat, req.query.lon);
      if (!place) throw new AppError(404, 'geocode_not_found', 'geo.not_found');
      reply.header('cache-control', 'private, max-age=3600');
      return place;
    },
  );
};
