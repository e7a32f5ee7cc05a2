// The statements a search runs: a page with its cards, a whole search (count and page), and a whole
// search with an order of its own (a pool reordered by photo and distance).
import { type AnyColumn, and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { photos, profiles, users } from '../../db/schema.ts';
import { mainThumbJoin, memberCardColumns } from '../../kernel/members.ts';
import {
  type Bind,
  buildCount,
  FENCE,
  hasAges,
  type PageScan,
  pageRows,
  SEARCH_POOL,
  type Search,
} from './search-sql.ts';

/**
 * Each card by primary key, its main photo's thumbnail by a subquery: a lateral subquery (FENCE) is
 * no join for the planner to order, so even a first, custom plan of a statement is cheap.
 */
function cardOf(db: Db, userId: AnyColumn) {
  const thumb = db.select({ thumbFilename: photos.thumbFilename }).from(photos).where(mainThumbJoin);
  // The card's own columns, the thumbnail by the subquery instead of a join.
  const { userId: _userId, thumbFilename: _thumb, ...own } = memberCardColumns;
  return db
    .select({ ...own, thumbFilename: sql<string | null>`(${thumb})`.as('thumb_filename') })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .offset(FENCE)
    .as('card');
}

/** What a search answers of each member: the MemberCardRow columns. */
const cardColumns = <U extends SQL | AnyColumn>(userId: U, card: ReturnType<typeof cardOf>) => ({
  userId,
  name: card.name,
  dateOfBirth: card.dateOfBirth,
  city: card.city,
  country: card.country,
  fictional: card.fictional,
  lastActiveAt: card.lastActiveAt,
  thumbFilename: card.thumbFilename,
});

export function buildPage(db: Db, search: Search, scan: PageScan, bind: Bind, limit: number, offset: number) {
  const page = pageRows(db, search, scan, bind, limit, offset).as('page');
  const card = cardOf(db, page.userId);
  return db
    .select(cardColumns(page.userId, card))
    .from(page)
    .innerJoinLateral(card, sql`true`)
    .orderBy(sql`${page.lastActiveAt} desc nulls last`, desc(page.userId));
}

/**
 * A whole search in one statement, one round trip: the count, then the page by the scan the count
 * chooses, with its cards. On a busy server every round trip is a chance to wait for a CPU,
 * so the tail latency of a search grows with its round trips (docs/decisions/0005-search-one-round-trip.md).
 *
 * Which scan reads the page: a walk when many match (the count reached the cap) or when every listed
 * member of the index range matches (no age bound); else the age range, which then holds fewer members
 * than the cap.
 *
 * The count is an uncorrelated subquery read first; each page scan sits in a lateral subquery whose only
 * condition on it is on the count. Such a condition holds no column of the scan, so PostgreSQL checks it
 * once, before the scan (a One-Time Filter), and a scan whose condition fails never runs: a search runs
 * exactly the queries the two-step search ran. The first row always carries the count, with an empty
 * card when the page is empty.
 */
export function buildSearch(db: Db, search: Search, bind: Bind, cap: number, limit: number, offset: number) {
  const counted = buildCount(db, search, bind, cap).as('counted');
  const capValue = bind.value('cap', cap);
  const offsetValue = bind.value('offset', offset);
  const capped = sql`${counted.n} >= ${capValue}`;
  // Past the last result (and not capped): no page to read at all.
  const inRange = sql`${offsetValue} < ${counted.n}`;
  const scans: [PageScan, SQL][] = hasAges(search.filter)
    ? [
        ['walk', capped],
        ['range', sql`not (${capped}) and ${inRange}`],
      ]
    : [['walk', sql`(${capped} or ${inRange})`]];
  const [first, second] = scans.map(([scan, gate]) => pageRows(db, search, scan, bind, limit, offset, gate));
  if (!first) throw new Error('no search scan');
  const page = (second ? unionAll(first, second) : first).as('page');
  const card = cardOf(db, page.userId);
  return db
    .select({ n: counted.n, ...cardColumns(page.userId, card) })
    .from(counted)
    .leftJoinLateral(page, sql`true`)
    .leftJoinLateral(card, sql`true`)
    .orderBy(sql`${page.lastActiveAt} desc nulls last`, desc(page.userId));
}

/** Earth's mean radius in km, as platform/geo.ts distanceKm uses it. */
const EARTH_RADIUS_KM = 6371.0088;

/**
 * The great-circle distance (haversine) between the viewer's coarse position and a row's, in km; null
 * when either has none. Never leaves the server as coordinates: the service rounds it (M-10).
 */
function kmFrom(viewer: SQL, lat: AnyColumn, lon: AnyColumn): SQL<number | null> {
  const myLat = sql`(select ${profiles.latCoarse} from ${profiles} where ${profiles.userId} = ${viewer})`;
  const myLon = sql`(select ${profiles.lonCoarse} from ${profiles} where ${profiles.userId} = ${viewer})`;
  const h = sql`sqrt(power(sin(radians(${lat} - ${myLat}) / 2), 2)
    + cos(radians(${myLat})) * cos(radians(${lat})) * power(sin(radians(${lon} - ${myLon}) / 2), 2))`;
  // Not least(1, h): least skips a null, and a member without a place would be 20,000 km away.
  return sql<
    number | null
  >`(2 * ${sql.raw(String(EARTH_RADIUS_KM))} * asin(case when ${h} > 1 then 1 else ${h} end))`;
}

/**
 * A whole search in one statement with an order of its own (SearchOrder, decision 0030): the count as in
 * buildSearch, then a pool of the first `cap` members by activity, read by the scan the count chooses
 * (index only, as a page of `cap` rows would be); each pool member's position and main photo by primary
 * key; the post-filters (photo, distance); members with a photo first, then nearest or newest; the page
 * cut out, with its cards. The count of the pool after the post-filters rides on every row (`total`).
 * A search with at most `cap` matches is ordered exactly; a larger one orders its `cap` most recently
 * active members, the ones a search's pages reach anyway (the count stops at the cap).
 */
export function buildPoolSearch(
  db: Db,
  search: Search,
  bind: Bind,
  cap: number,
  limit: number,
  offset: number,
) {
  const poolSize = SEARCH_POOL;
  const order = search.order ?? { sort: 'active', photo: false, maxKm: null };
  const counted = buildCount(db, search, bind, cap).as('counted');
  const capValue = bind.value('cap', cap);
  const capped = sql`${counted.n} >= ${capValue}`;
  const some = sql`0 < ${counted.n}`;
  // The pool's scans are pages of `cap` rows from the start: their limits are the cap.
  const poolBind: Bind = {
    value: bind.value,
    rows: (name, value) =>
      name === 'offset' ? 0 : name === 'cap' ? bind.rows('cap', value) : bind.rows('pool', poolSize),
  };
  const scans: [PageScan, SQL][] = hasAges(search.filter)
    ? [
        ['walk', capped],
        ['range', sql`not (${capped}) and ${some}`],
      ]
    : [['walk', some]];
  const [first, second] = scans.map(([scan, gate]) =>
    pageRows(db, search, scan, poolBind, poolSize, 0, gate),
  );
  if (!first) throw new Error('no search scan');
  const pool = (second ? unionAll(first, second) : first).as('pool');
  const spot = db
    .select({
      lat: profiles.latCoarse,
      lon: profiles.lonCoarse,
      // A photo the card may show (public, approved): a pending one shows no photo, so it counts as none.
      hasPhoto: sql<boolean>`(${profiles.mainPhotoId} is not null and exists (${db
        .select({ one: sql`1` })
        .from(photos)
        .where(mainThumbJoin)}))`.as('has_photo'),
    })
    .from(profiles)
    .where(eq(profiles.userId, pool.userId))
    .offset(FENCE)
    .as('spot');
  const viewer = bind.value('viewerId', search.viewerId);
  const km = kmFrom(viewer, spot.lat, spot.lon);
  const ranked = db
    .select({
      userId: pool.userId,
      lastActiveAt: pool.lastActiveAt,
      hasPhoto: spot.hasPhoto,
      km: km.as('km'),
      total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
    })
    .from(pool)
    .innerJoinLateral(spot, sql`true`)
    .where(
      and(
        order.photo ? sql`${spot.hasPhoto}` : undefined,
        order.maxKm === null ? undefined : sql`${km} <= ${bind.value('maxKm', order.maxKm)}::float8`,
      ),
    )
    .as('ranked');
  const orderBy = [
    sql`${ranked.hasPhoto} desc`,
    ...(order.sort === 'near' ? [sql`${ranked.km} asc nulls last`] : []),
    sql`${ranked.lastActiveAt} desc nulls last`,
    desc(ranked.userId),
  ];
  const page = db
    .select({
      userId: ranked.userId,
      hasPhoto: ranked.hasPhoto,
      km: ranked.km,
      lastActiveAt: ranked.lastActiveAt,
      total: ranked.total,
    })
    .from(ranked)
    .orderBy(...orderBy)
    .limit(bind.rows('limit', limit))
    .offset(bind.rows('offset', offset))
    .as('page');
  const card = cardOf(db, page.userId);
  const shows = db
    .select({
      showDistance: sql<boolean>`coalesce((${users.locationOptions} ->> 'show_distance')::boolean, true)`.as(
        'show_distance',
      ),
    })
    .from(users)
    .where(eq(users.id, page.userId))
    .offset(FENCE)
    .as('shows');
  const viewerShows = sql<boolean>`coalesce((select (${users.locationOptions} ->> 'show_distance')::boolean
    from ${users} where ${users.id} = ${viewer}), true)`;
  return db
    .select({
      n: counted.n,
      total: page.total,
      km: sql<number | null>`case when ${shows.showDistance} and ${viewerShows} then ${page.km} end`.as(
        'shown_km',
      ),
      ...cardColumns(page.userId, card),
    })
    .from(counted)
    .leftJoinLateral(page, sql`true`)
    .leftJoinLateral(card, sql`true`)
    .leftJoinLateral(shows, sql`true`)
    .orderBy(
      sql`${page.hasPhoto} desc`,
      ...(order.sort === 'near' ? [sql`${page.km} asc nulls last`] : []),
      sql`${page.lastActiveAt} desc nulls last`,
      desc(page.userId),
    );
}
