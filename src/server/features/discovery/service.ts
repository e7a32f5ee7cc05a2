import type { z } from 'zod';
import { lookingForAnswer } from '../../../shared/contract/accounts.ts';
import {
  SEARCH,
  SEARCH_FIELDS,
  type TSearchFilters,
  type TSearchResponse,
  type ZSearchQuery,
} from '../../../shared/contract/discovery.ts';
import { ONLINE_MINUTES, type TMemberCard } from '../../../shared/contract/profiles.ts';
import { REGIONS } from '../../../shared/data/regions.ts';
import type { Db } from '../../db/client.ts';
import { type CardContext, presentMemberCard } from '../../kernel/member-card.ts';
import type { MemberCardRow } from '../../kernel/members.ts';
import { AppError } from '../../platform/errors.ts';
import { presentDistance } from '../../platform/geo.ts';
import type { SiteRow } from '../../platform/site.ts';
import { findSearch, findSearcher } from './queries.ts';
import type { Search, SearchFilter, SearchOrder } from './search-sql.ts';

export type SearchInput = z.output<typeof ZSearchQuery>;

export interface SearchContext {
  site: SiteRow;
  /** The logged-in member, or null for a visitor. */
  viewerId: number | null;
  /** The visitor's country by GeoIP: the default country of a visitor's search. */
  geoCountry: string;
  now: Date;
}

interface Ages {
  min: number | null;
  max: number | null;
}

const invalid = (fieldIds: Record<string, string>) =>
  new AppError(400, 'validation', 'error.validation', { details: { fieldIds } });
const loginRequired = (messageId: string) =>
  new AppError(403, 'authentication_required', messageId, { details: { authentication_required: true } });

const isoDate = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/**
 * The same day `years` years before `today` (UTC), 28 February for 29 February in a common year.
 * Someone born on or before it is at least `years` old today, exactly as ageOn counts.
 */
export function yearsBefore(today: Date, years: number): string {
  const y = today.getUTCFullYear() - years;
  const m = today.getUTCMonth();
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return isoDate(y, m, Math.min(today.getUTCDate(), lastDay));
}

function bornBounds(ages: Ages, today: Date): Pick<SearchFilter, 'bornAfter' | 'bornUpTo'> {
  return {
    bornUpTo: ages.min === null ? null : yearsBefore(today, ages.min),
    bornAfter: ages.max === null ? null : yearsBefore(today, ages.max + 1),
  };
}

/** D-02: visitors search only when the site allows it, or allows it for visitors with a traffic source. */
function checkVisitor(site: SiteRow, input: SearchInput): void {
  const hasSource = Boolean(input.network?.trim() || input.ref?.trim());
  if (!site.loggedOutSearch && !(site.loggedOutSearchTrafficsource && hasSource))
    throw loginRequired('discovery.login_required');
  if ((input.page ?? 1) > 1 || (input.similar_page ?? 1) > 1) throw loginRequired('discovery.login_for_more');
}

/**
 * The filters of a search: what the query asks, limited to the site's search_fields (all of them when
 * the site names none), defaults from the member (their country, the gender they look for) or, for
 * visitors, the GeoIP country.
 */
async function resolveFilters(db: Db, input: SearchInput, ctx: SearchContext) {
  const { site } = ctx;
  const offered = new Set<string>(site.searchFields.length > 0 ? site.searchFields : SEARCH_FIELDS);
  const served = (c: string | null | undefined): c is string => Boolean(c && site.countries.includes(c));
  const errors: Record<string, string> = {};
  const asked = offered.has('country') ? input.country : undefined;
  const askedGender = offered.has('gender') ? input.gender : undefined;
  // The member's own defaults, unless the search names both.
  // A distance filter needs to know whether the member has a place.
  const maxKm = ctx.viewerId === null ? null : (input.max_km ?? null);
  const searcher =
    ctx.viewerId === null || (served(asked) && askedGender !== undefined && maxKm === null)
      ? undefined
      : await findSearcher(db, ctx.viewerId);
  if (maxKm !== null && searcher && !searcher.hasPlace) errors.max_km = 'discovery.needs_place';

  if (asked !== undefined && !served(asked)) errors.country = 'error.unknown_country';
  const country = served(asked)
    ? asked
    : served(searcher?.country)
      ? searcher.country
      : served(ctx.geoCountry)
        ? ctx.geoCountry
        : (site.countries[0] ?? 'NL');

  const askedRegion = offered.has('countryregion') ? (input.region ?? input.countryregion) : undefined;
  const region = askedRegion ?? null;
  if (region !== null && !REGIONS[country]?.regions.some((r) => r.code === region))
    errors.region = 'profiles.unknown_region';
  if (Object.keys(errors).length > 0) throw invalid(errors);

  // The search holds one gender (spec §3): a member who looks for several starts at any (decision 0015).
  const fallbackGender = lookingForAnswer(searcher?.lookingFor ?? null).looking_for;
  const gender = askedGender ?? fallbackGender;
  const ages: Ages = {
    min: offered.has('min_age') ? (input.min_age ?? null) : null,
    max: offered.has('max_age') ? (input.max_age ?? null) : null,
  };
  // D-01 (issue 27): a member's search starts nearest first; a visitor's, with no place, by activity.
  const sort = ctx.viewerId === null ? 'active' : (input.sort ?? 'near');
  const order: SearchOrder = { sort, photo: input.photo ?? false, maxKm };
  return { country, region, gender, ages, order, online: input.online ?? false };
}

/**
 * The search for similar results: without the region and with the ages widened by SEARCH.widenYears
 * on each side; null when the search has neither to widen.
 */
function widened(region: string | null, ages: Ages): Ages | null {
  const wider: Ages = {
    min: ages.min === null ? null : Math.max(SEARCH.minAge, ages.min - SEARCH.widenYears),
    max: ages.max === null ? null : Math.min(SEARCH.maxAge, ages.max + SEARCH.widenYears),
  };
  return region === null && wider.min === ages.min && wider.max === ages.max ? null : wider;
}

/** The count and one page of a search, in one statement and one round trip (findSearch). */
const run = (db: Db, search: Search, page: { limit: number; offset: number }) =>
  findSearch(db, search, { cap: SEARCH.countCap, ...page });

/**
 * Member search (D-01, D-02, D-10): one page of listed members, members with a photo first, then nearest
 * (a member's default) or newest activity first, the total count
 * and, when there are fewer results than fit on a page, similar results with their own count.
 */
export async function searchMembers(
  db: Db,
  input: SearchInput,
  ctx: SearchContext,
): Promise<TSearchResponse> {
  if (ctx.viewerId === null) checkVisitor(ctx.site, input);
  const { country, region, gender, ages, order, online } = await resolveFilters(db, input, ctx);
  const { viewerId } = ctx;
  const pageSize = ctx.viewerId === null ? SEARCH.visitorPageSize : SEARCH.pageSize;
  const pageNumber = input.page ?? 1;
  const activeSince = online ? new Date(ctx.now.getTime() - ONLINE_MINUTES * 60_000).toISOString() : null;
  const exact: SearchFilter = { country, region, gender, ...bornBounds(ages, ctx.now), activeSince };
  const cards: CardContext = { cdnPrefix: ctx.site.cdnPrefix, now: ctx.now };
  // Distances are rounded here (whole km, never below 5: "< 5 km"); coordinates never leave the server.
  const present = (rows: (MemberCardRow & { km: number | null })[]): TMemberCard[] =>
    rows.map((row) => ({
      ...presentMemberCard(row, cards),
      distance: row.km === null ? null : presentDistance(row.km),
    }));

  const { count, rows } = await run(
    db,
    { filter: exact, viewerId, order },
    { limit: pageSize, offset: (pageNumber - 1) * pageSize },
  );

  let similar: TSearchResponse['similar'] = null;
  const wider = count.n < pageSize ? widened(region, ages) : null;
  if (wider) {
    const near = await run(
      db,
      {
        filter: { country, region: null, gender, ...bornBounds(wider, ctx.now), activeSince },
        viewerId,
        exclude: exact,
        order,
      },
      { limit: pageSize, offset: ((input.similar_page ?? 1) - 1) * pageSize },
    );
    similar = { results: present(near.rows), numResults: near.count.n };
  }

  const filters: TSearchFilters = {
    gender,
    country,
    region,
    min_age: ages.min,
    max_age: ages.max,
    sort: order.sort,
    max_km: order.maxKm,
    online,
    photo: order.photo,
  };
  return {
    page: { pageNumber, results: present(rows) },
    numResults: count.n,
    numResultsCapped: count.capped,
    pageSize,
    similar,
    filters,
  };
}
