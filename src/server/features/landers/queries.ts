import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { landerCounts, photos, profiles, users } from '../../db/schema.ts';
import {
  byLastActive,
  mainThumbJoin,
  memberCardColumns,
  notBlockedWith,
  publicFaceOn,
} from '../../kernel/members.ts';
import { nicheCondition } from './niche.ts';

export interface Market {
  siteId: number;
  countries: string[];
  niche: number;
  now: Date;
}

/**
 * Listed members of the site's countries and niche (L-07); the members a lander shows also have a public
 * main photo and pass `publicFaceOn` (fictional, or this site's with a reviewed photo).
 */
const shownOn = (market: Market, viewerId: number | null) =>
  and(
    eq(profiles.listed, true),
    inArray(profiles.country, market.countries),
    nicheCondition(market.niche, market.now),
    viewerId === null ? undefined : notBlockedWith(viewerId),
  );

export function landerMembers(db: Db, market: Market, viewerId: number | null, limit: number) {
  if (market.countries.length === 0) return Promise.resolve([]);
  return db
    .select({
      ...memberCardColumns,
      thumbFilename: photos.thumbFilename,
      filename: photos.filename,
      about: profiles.about,
      interests: profiles.interests,
    })
    .from(profiles)
    .innerJoin(photos, mainThumbJoin)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(shownOn(market, viewerId), publicFaceOn(market.siteId)))
    .orderBy(...byLastActive())
    .limit(limit);
}

/** How many such members there are, with a photo or not, and how many were active since `onlineSince`. */
export async function landerTotals(db: Db, market: Market, onlineSince: Date) {
  if (market.countries.length === 0) return { total: 0, online: 0 };
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      online: sql<number>`(count(*) filter (where ${profiles.lastActiveAt} >= ${onlineSince.toISOString()}))::int`,
    })
    .from(profiles)
    .where(shownOn(market, null));
  return { total: row?.total ?? 0, online: row?.online ?? 0 };
}

/**
 * The members' cities with their number and mean coarse position (members' own positions are already
 * rounded to about 1 km and never leave the server; the mean of a city's members is the city's).
 */
export function landerCities(db: Db, market: Market, onlineSince: Date, limit: number) {
  if (market.countries.length === 0) return Promise.resolve([]);
  return db
    .select({
      city: profiles.city,
      members: sql<number>`count(*)::int`,
      online: sql<number>`(count(*) filter (where ${profiles.lastActiveAt} >= ${onlineSince.toISOString()}))::int`,
      lat: sql<number>`avg(${profiles.latCoarse})::float8`,
      lon: sql<number>`avg(${profiles.lonCoarse})::float8`,
    })
    .from(profiles)
    .where(
      and(
        shownOn(market, null),
        sql`${profiles.city} is not null and ${profiles.latCoarse} is not null and ${profiles.lonCoarse} is not null`,
      ),
    )
    .groupBy(profiles.city)
    .orderBy(sql`count(*) desc`, profiles.city)
    .limit(limit);
}

export type LanderCountColumn = 'views' | 'starts' | 'signups';

/** One more view, start or signup for a day, site, lander, niche and source. */
export async function countLander(
  db: Db,
  key: { day: string; siteId: number; lander: string; niche: number; network: string },
  column: LanderCountColumn,
) {
  await db
    .insert(landerCounts)
    .values({ ...key, [column]: 1 })
    .onConflictDoUpdate({
      target: [
        landerCounts.siteId,
        landerCounts.day,
        landerCounts.lander,
        landerCounts.niche,
        landerCounts.network,
      ],
      set: { [column]: sql`${landerCounts[column]} + 1` },
    });
}

/** The funnel per lander, niche and source over the days from `since` on, for the sites given (null: all). */
export function landerFunnel(db: Db, since: string, siteIds: number[] | null) {
  return db
    .select({
      siteId: landerCounts.siteId,
      lander: landerCounts.lander,
      niche: landerCounts.niche,
      network: landerCounts.network,
      views: sql<number>`sum(${landerCounts.views})::int`,
      starts: sql<number>`sum(${landerCounts.starts})::int`,
      signups: sql<number>`sum(${landerCounts.signups})::int`,
    })
    .from(landerCounts)
    .where(
      and(
        sql`${landerCounts.day} >= ${since}`,
        siteIds === null
          ? undefined
          : siteIds.length === 0
            ? sql`false`
            : inArray(landerCounts.siteId, siteIds),
      ),
    )
    .groupBy(landerCounts.siteId, landerCounts.lander, landerCounts.niche, landerCounts.network)
    .orderBy(sql`sum(${landerCounts.views}) desc`, landerCounts.lander);
}
