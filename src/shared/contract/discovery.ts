import { z } from 'zod';
import { GENDERS } from './accounts.ts';
import { SEARCH, SEARCH_SORTS } from './constants.ts';
import { endpoints } from './endpoint.ts';
import { ZMemberCard } from './profiles.ts';
import { zLine } from './text.ts';

// Zod messages are catalog ids: the server answers them localised, the client shows them with react-intl.

export { SEARCH, SEARCH_FIELDS, SEARCH_SORTS } from './constants.ts';

/** Empty query values ("?min_age=") count as absent, as a plain HTML form sends them. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const ZAge = z.coerce
  .number({ message: 'discovery.age_bounds' })
  .int({ message: 'discovery.age_bounds' })
  .min(SEARCH.minAge, { message: 'discovery.age_bounds' })
  .max(SEARCH.maxAge, { message: 'discovery.age_bounds' });

const ZRegionCode = zLine(10, { form: 'NFKC', maxMessage: 'profiles.unknown_region' }).toUpperCase();

/** A checkbox of a plain form: "1" or "true" is on, anything else off. */
const ZFlag = z.preprocess((v) => v === true || v === '1' || v === 'true', z.boolean());

export const ZSearchQuery = z
  .object({
    gender: optional(z.enum(GENDERS, { message: 'validation.choose' })),
    country: optional(
      zLine(8, { form: 'NFKC', maxMessage: 'error.unknown_country' })
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, { message: 'error.unknown_country' }),
    ),
    /** ISO 3166-2 code of a region of `country` (GET /api/regions). */
    region: optional(ZRegionCode),
    /** The spec's name of the region field; same as `region`. */
    countryregion: optional(ZRegionCode),
    min_age: optional(ZAge),
    max_age: optional(ZAge),
    /** D-01 (issue 27): nearest first (members with a place) or most recently active first. */
    sort: optional(z.enum(SEARCH_SORTS, { message: 'validation.choose' })),
    /** Only members within this many km of the member's own place. */
    max_km: optional(
      z.coerce
        .number({ message: 'validation.choose' })
        .refine((km) => (SEARCH.distancesKm as readonly number[]).includes(km), {
          message: 'validation.choose',
        }),
    ),
    /** "Nu online": only members active in the last ONLINE_MINUTES. */
    online: optional(ZFlag),
    /** "Met foto": only members with a main photo. */
    photo: optional(ZFlag),
    page: optional(z.coerce.number().int().min(1).max(SEARCH.maxPage)),
    /** A further page of the similar results ("Meer vergelijkbare leden"); members only, like `page`. */
    similar_page: optional(z.coerce.number().int().min(1).max(SEARCH.maxPage)),
    /** Traffic source of a visitor (spec §3 tracking record): may open logged-out search (D-02). */
    network: optional(zLine(64)),
    ref: optional(zLine(64)),
  })
  .refine((q) => q.min_age === undefined || q.max_age === undefined || q.min_age <= q.max_age, {
    path: ['min_age'],
    message: 'discovery.age_range',
  });
export type TSearchQuery = z.input<typeof ZSearchQuery>;

/** The filters a search actually used, defaults filled in, so the form can show them. */
export const ZSearchFilters = z.object({
  gender: z.enum(GENDERS).nullable(),
  country: z.string(),
  region: z.string().nullable(),
  min_age: z.number().int().nullable(),
  max_age: z.number().int().nullable(),
  sort: z.enum(SEARCH_SORTS),
  max_km: z.number().int().nullable(),
  online: z.boolean(),
  photo: z.boolean(),
});
export type TSearchFilters = z.infer<typeof ZSearchFilters>;

/** Search state of spec §3: a result page, the result count, and similar results with their own count. */
export const ZSearchResponse = z.object({
  page: z.object({ pageNumber: z.number().int().positive(), results: z.array(ZMemberCard) }),
  /** Exact below SEARCH.countCap; at the cap numResultsCapped is true ("1000+"). */
  numResults: z.number().int().nonnegative(),
  numResultsCapped: z.boolean(),
  pageSize: z.number().int().positive(),
  /** Near misses (region dropped, then ages widened) when there are fewer results than a page; else null. */
  similar: z.object({ results: z.array(ZMemberCard), numResults: z.number().int().nonnegative() }).nullable(),
  filters: ZSearchFilters,
});
export type TSearchResponse = z.infer<typeof ZSearchResponse>;

/** Member search (D-01, D-02, D-10). */
export const DISCOVERY_API = /* @__PURE__ */ endpoints('discovery', {
  'GET /api/members': {
    summary:
      'Search members: a page of cards, the count, similar results; visitors per settings (D-01, D-02)',
    query: ZSearchQuery,
    answer: ZSearchResponse,
    errors: [400, 403, 429],
  },
});
