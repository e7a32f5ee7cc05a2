import { z } from 'zod';
import { LOCALES } from '../i18n/locales.ts';
import { ZComplaintRequest, ZComplaintResponse } from './complaints.ts';
import { endpoints } from './endpoint.ts';
import { zLine } from './text.ts';

export const ZLocale = z.enum(LOCALES);

export const ZCountry = z
  .string()
  .regex(/^[A-Z]{2}$/)
  .describe('ISO 3166-1 alpha-2 country code');

/** A country's name in each of Vonk's languages, from the server (the browser's DisplayNames is slow to start). */
export const ZCountryNames = z.record(ZLocale, z.string());

export const ZSettingsQuery = z.object({
  domain: zLine(2048).optional(),
});

export const ZMessageCost = z.object({
  costs: z.number().int().nonnegative(),
  currency: z.string().length(3),
});

/** Every settings field of spec §3, plus the site's theme colours and minimum age. */
export const ZSettings = z.object({
  geoip_country: ZCountry,
  geoip_selected_country: ZCountry,
  enable_site_entry_popup: z.boolean(),
  niche: z.number().int().min(1).max(7),
  signups: z.enum(['all', 'with_trafficsource']),
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  cdn_prefix: z.string(),
  domain: z.string(),
  domain_language: ZLocale,
  name: z.string(),
  index_title: z.string(),
  description: z.string(),
  push_public_key: z.string(),
  minimum_message_costs: z.record(z.string(), ZMessageCost),
  support_phone: z.string(),
  support_email: z.string(),
  fictional_icon: z.string(),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  countries: z.array(ZCountry),
  country_names: z.record(ZCountry, ZCountryNames).describe('names of `countries` in every locale'),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.array(z.string()),
  message_credits: z.number().int().nonnegative(),
  photo_credits: z.number().int().nonnegative(),
  gift_credits: z.number().int().nonnegative(),
  signup_credits: z.number().int().nonnegative(),
  message_length: z.number().int().positive(),
  search_fields: z.array(z.string()),
  refund_days: z.number().int().nonnegative(),
  member_resell: z.boolean(),
  company_id: z.number().int(),
  mail_name: z.string(),
  min_age: z.number().int().min(18),
  company_address_variant: z.number().int().min(1).max(3),
  theme: z.object({ primary: z.string(), secondary: z.string() }),
});
export type TSettings = z.infer<typeof ZSettings>;

export const ZCompany = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  country_names: ZCountryNames,
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  delete_discount: z.number().int(),
  added: z.string().describe('ISO date the company was added'),
});
export type TCompany = z.infer<typeof ZCompany>;

export const ZInterest = z.object({
  id: z.string(),
  icon: z.string().describe('lucide icon name'),
  kind: z.enum(['hobby', 'sexual']),
  names: z.record(ZLocale, z.string()),
});
export const ZInterestsResponse = z.object({ interests: z.array(ZInterest) });
export type TInterest = z.infer<typeof ZInterest>;

export const ZRegionsQuery = z.object({ country: zLine(64) });
export const ZRegionsResponse = z.object({
  country: ZCountry,
  label: z.enum(['province', 'state', 'canton', 'region', 'county']),
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type TRegionsResponse = z.infer<typeof ZRegionsResponse>;

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

/** How long a landing marked with lb was open before the visitor left (P-08). */
export const ZPageBounceRequest = z.object({
  path: zLine(200),
  seconds: z.number().int().min(0).max(86_400),
  network: zLine(64).nullable().optional(),
});

export const SITE_API = /* @__PURE__ */ endpoints('site', {
  'GET /api/settings': {
    summary: 'Settings of the site for a domain (the request host when no domain is given)',
    query: ZSettingsQuery,
    answer: ZSettings,
    errors: [400],
  },
  'GET /api/company': { summary: 'The company behind the site', answer: ZCompany, errors: [] },
  'GET /api/interests': {
    summary: 'Interests with icons and names in every locale',
    answer: ZInterestsResponse,
    errors: [],
  },
  'GET /api/regions': {
    summary: 'Regions of a country with their label kind',
    query: ZRegionsQuery,
    answer: ZRegionsResponse,
    errors: [404],
  },
  'POST /api/page-bounce': {
    summary: 'Page-bounce logging for landings marked with lb (P-08)',
    body: ZPageBounceRequest,
    answer: z.null(),
    status: 204,
    errors: [],
  },
  'POST /api/page-hidden.php': {
    summary: 'Beacon sent when the page becomes hidden (P-07)',
    body: z.object({}).passthrough().optional(),
    answer: z.null(),
    status: 204,
    errors: [],
  },
  'POST /api/complaints': {
    summary: 'Send a complaint or report a member to support (L-09)',
    body: ZComplaintRequest,
    answer: ZComplaintResponse,
    status: 201,
    errors: [400, 409, 429],
  },
  'GET /api/places': {
    summary: "Places of the site's countries whose name starts with q, the largest first (issue 11)",
    query: ZPlacesQuery,
    answer: ZPlacesResponse,
    errors: [400, 429],
  },
  'GET /api/geocode.php': {
    summary: 'The nearest city (within 50 km) of a position, with its country and region (M-07)',
    query: ZGeocodeQuery,
    answer: ZGeocodeResponse,
    errors: [400, 404, 429],
  },
});
