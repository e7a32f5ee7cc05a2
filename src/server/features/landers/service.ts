import type { TTracking } from '../../../shared/contract/accounts.ts';
import {
  isCountedLander,
  LANDER_MEMBERS,
  type TLanderCity,
  type TLanderEvent,
  type TLanderMember,
  type TLanderPage,
} from '../../../shared/contract/landers.ts';
import { ONLINE_MINUTES } from '../../../shared/contract/profiles.ts';
import { INTERESTS } from '../../../shared/data/interests.ts';
import type { Db } from '../../db/client.ts';
import { aboutLine, ageOf, isOnline, publicMediaUrl } from '../../kernel/member-card.ts';
import type { SiteRow } from '../../platform/site.ts';
import {
  countLander,
  type LanderCountColumn,
  landerCities,
  landerMembers,
  landerTotals,
  type Market,
} from './queries.ts';

/** How long a visitor's lander is reused: paid traffic's bursts read it once a minute, not per click. */
const CACHE_MS = 60_000;
const MAP_CITIES = 30;
const INTEREST_ORDER = new Map(INTERESTS.map((interest, i) => [interest.id, i]));

type Page = TLanderPage['lander'];
const cache = new Map<string, { at: number; page: TLanderPage }>();

/**
 * A lander's members and figures (L-07). Visitors (no session) share one copy per site, niche and lander
 * for a minute; a member's copy leaves out whom they blocked or who blocked them and is never shared.
 */
export async function getLanderPage(
  db: Db,
  lander: Page,
  viewerId: number | null,
  ctx: { site: SiteRow; now: Date },
): Promise<TLanderPage> {
  const key = `${ctx.site.id}:${ctx.site.niche}:${ctx.site.countries.join(',')}:${lander}`;
  const hit = viewerId === null ? cache.get(key) : undefined;
  if (hit && ctx.now.getTime() - hit.at < CACHE_MS) return hit.page;
  const market: Market = {
    siteId: ctx.site.id,
    countries: ctx.site.countries,
    niche: ctx.site.niche,
    now: ctx.now,
  };
  const onlineSince = new Date(ctx.now.getTime() - ONLINE_MINUTES * 60_000);
  const [rows, totals, cityRows] = await Promise.all([
    landerMembers(db, market, viewerId, LANDER_MEMBERS),
    landerTotals(db, market, onlineSince),
    lander === 'maplanding' ? landerCities(db, market, onlineSince, MAP_CITIES) : [],
  ]);
  const members: TLanderMember[] = rows.map((r) => ({
    id: r.userId,
    name: r.name,
    age: ageOf(r.dateOfBirth, ctx.now),
    city: r.city,
    thumb_url: publicMediaUrl(ctx.site.cdnPrefix, r.thumbFilename ?? r.filename),
    photo_url: publicMediaUrl(ctx.site.cdnPrefix, r.filename),
    about_line: aboutLine(r.about),
    interests: [...r.interests]
      .filter((id) => INTEREST_ORDER.has(id))
      .sort((a, b) => (INTEREST_ORDER.get(a) ?? 0) - (INTEREST_ORDER.get(b) ?? 0))
      .slice(0, 5),
    fictional: r.fictional,
    online: isOnline(r.lastActiveAt, ctx.now),
  }));
  const page: TLanderPage = {
    lander,
    niche: ctx.site.niche,
    members,
    cities: placeCities(cityRows),
    total: totals.total,
    online: totals.online,
  };
  if (viewerId === null) {
    if (cache.size > 500) cache.clear();
    cache.set(key, { at: ctx.now.getTime(), page });
  }
  return page;
}

/**
 * Cities as points in the box of all of them (0..1, north up), from positions rounded to a tenth of a
 * degree: where a city lies, never where a member lives.
 */
export function placeCities(
  rows: { city: string | null; members: number; online: number; lat: number; lon: number }[],
): TLanderCity[] {
  const round = (x: number) => Math.round(x * 10) / 10;
  const placed = rows
    .filter((r) => r.city && Number.isFinite(r.lat) && Number.isFinite(r.lon))
    .map((r) => ({ ...r, lat: round(r.lat), lon: round(r.lon) }));
  if (placed.length === 0) return [];
  const lats = placed.map((r) => r.lat);
  const lons = placed.map((r) => r.lon);
  // One scale for both directions (a degree of longitude is cos(latitude) of one of latitude), so the
  // map keeps the country's shape, centred in the unit square.
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const midLon = (Math.min(...lons) + Math.max(...lons)) / 2;
  const shrink = Math.cos((midLat * Math.PI) / 180);
  const span = Math.max(
    0.1,
    (Math.max(...lons) - Math.min(...lons)) * shrink,
    Math.max(...lats) - Math.min(...lats),
  );
  const unit = (v: number) => Math.min(1, Math.max(0, 0.5 + v / span));
  return placed.map((r) => ({
    city: r.city as string,
    members: r.members,
    online: r.online,
    x: unit((r.lon - midLon) * shrink),
    y: unit(midLat - r.lat),
  }));
}

/** The day a count belongs to: the UTC date, so every instance agrees. */
const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** A lander's view or a signup started from it (P-08). */
export async function recordLanderEvent(
  db: Db,
  site: SiteRow,
  lander: string,
  event: TLanderEvent,
  now: Date,
): Promise<void> {
  if (!isCountedLander(lander)) return;
  const column: LanderCountColumn = event.kind === 'view' ? 'views' : 'starts';
  await countLander(
    db,
    { day: dayOf(now), siteId: site.id, lander, niche: site.niche, network: event.network ?? '' },
    column,
  );
}

/**
 * A completed signup, counted for the lander its visit came from (the tracking record's `lander`), in
 * the signup's own transaction: a signup that fails (the address taken by a parallel one) counts nothing.
 */
export async function recordLanderSignup(db: Db, site: SiteRow, tracking: TTracking, now: Date) {
  const lander = tracking.lander;
  if (!lander || !isCountedLander(lander)) return;
  await countLander(
    db,
    { day: dayOf(now), siteId: site.id, lander, niche: site.niche, network: tracking.network ?? '' },
    'signups',
  );
}
