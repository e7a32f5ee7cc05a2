import {
  type AnyColumn,
  and,
  desc,
  eq,
  fillPlaceholders,
  gt,
  isNull,
  lte,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { GENDERS } from '../../../shared/contract/accounts.ts';
import type { Db } from '../../db/client.ts';
import { blocks, photos, profiles, users } from '../../db/schema.ts';
import { byLastActive, type MemberCardRow, mainThumbJoin } from '../../kernel/members.ts';

/**
 * One search in database terms. Ages are date-of-birth bounds (computed by the service) so the
 * condition stays a plain range on the row; country is always set, so the partial search indexes
 * where listed serve every search: (country[, region], gender, last_active_at desc) for the order, and
 * (country[, region], gender, date_of_birth) for an age range.
 */
export interface SearchFilter {
  country: string;
  region: string | null;
  /** null: any gender. */
  gender: string | null;
  /** Born after this ISO date (max_age). */
  bornAfter: string | null;
  /** Born on or before this ISO date (min_age). */
  bornUpTo: string | null;
  /** Active at or after this ISO time ("nu online"); on the indexes' last_active_at, so still index-only. */
  activeSince?: string | null;
}

/**
 * How a page is ordered and narrowed beyond what the indexes hold (issue 27, decision 0030): members
 * with a photo first, then by distance from the viewer (`near`) or by activity (`active`); only members
 * with a photo (`photo`), only those within `maxKm` of the viewer. These read each candidate's row by
 * primary key, so they apply to the pool of the search's first SEARCH.countCap members by activity.
 */
export interface SearchOrder {
  sort: 'near' | 'active';
  photo: boolean;
  maxKm: number | null;
}

export interface Search {
  filter: SearchFilter;
  /** The searching member (never in their own results, nor anyone of a blocked pair), or null. */
  viewerId: number | null;
  /** Leave out what this narrower search finds: similar results never repeat the exact ones. */
  exclude?: SearchFilter;
  /** Order and post-filters of the page; absent: activity order, no photo-first (plan tests). */
  order?: SearchOrder;
}

/**
 * How a page reads a search index. `walk`: along last_active_at, newest first, stopping once the
 * page is full; cheap when many members match. `range`: the members in the age range, from an age
 * index, then sorted; cheap when few match, whatever their activity.
 */
export type PageScan = 'walk' | 'range';

// ---------------------------------------------------------------- building the queries

/**
 * Every value a search query takes, by name. The queries are built once per shape (which conditions a
 * search has, see shapeOf) with a placeholder for each value, and run as prepared statements with the
 * values of each search: building a query costs Drizzle more time than PostgreSQL takes to run it, and
 * planning it costs PostgreSQL more again.
 */
type Values = {
  country: string;
  region: string | null;
  gender: string | null;
  bornAfter: string | null;
  bornUpTo: string | null;
  activeSince: string | null;
  maxKm: number | null;
  viewerId: number | null;
  exRegion: string | null;
  exBornAfter: string | null;
  exBornUpTo: string | null;
  /** Where a count stops (SEARCH.countCap). */
  cap: number;
  /** Rows a page returns. */
  limit: number;
  offset: number;
  /** Rows each scan of a page gives at most: offset + limit. */
  scanLimit: number;
  /** Members a search with its own order reorders: the first this many by activity (SEARCH_POOL). */
  pool: number;
};

/**
 * How a query gets its values: the values themselves (a query to explain) or placeholders (a prepared
 * statement). `value` for conditions, `rows` for LIMIT and OFFSET.
 */
interface Bind {
  value(name: keyof Values, value: string | number | null): SQL;
  rows(name: 'cap' | 'limit' | 'offset' | 'scanLimit' | 'pool', value: number): number | Placeholder;
}
const inline: Bind = { value: (_name, value) => sql`${value}`, rows: (_name, value) => value };
const placeholder: Bind = {
  value: (name) => sql`${sql.placeholder(name)}`,
  rows: (name) => sql.placeholder(name),
};

function valuesOf(search: Search, rows: { cap?: number; limit?: number; offset?: number }): Values {
  const { filter: f, exclude } = search;
  const { cap = 0, limit = 0, offset = 0 } = rows;
  return {
    country: f.country,
    region: f.region,
    gender: f.gender,
    bornAfter: f.bornAfter,
    bornUpTo: f.bornUpTo,
    activeSince: f.activeSince ?? null,
    maxKm: search.order?.maxKm ?? null,
    viewerId: search.viewerId,
    exRegion: exclude?.region ?? null,
    exBornAfter: exclude?.bornAfter ?? null,
    exBornUpTo: exclude?.bornUpTo ?? null,
    cap,
    limit,
    offset,
    scanLimit: offset + limit,
    pool: SEARCH_POOL,
  };
}

/**
 * Which conditions a search has: searches of one shape share their statements, only the values differ.
 * Members and visitors share them too (a visitor is viewer null), so there are few shapes, and each is
 * soon planned once for good on each connection (PostgreSQL plans the first five runs for their values).
 */
function shapeOf(search: Search): string {
  const { filter: f, exclude: x } = search;
  const has = (v: unknown) => (v === null ? '-' : '+');
  const filter = (s: SearchFilter) => `${has(s.region)}${has(s.bornAfter)}${has(s.bornUpTo)}`;
  const base = `${filter(f)}${f.gender === null ? 'any' : 'one'}:${x ? filter(x) : 'all'}`;
  const o = search.order;
  const online = f.activeSince ? ':online' : '';
  return o ? `${base}${online}:${o.sort}${o.photo ? '+photo' : ''}${has(o.maxKm)}` : `${base}${online}`;
}

const countKey = (search: Search) => `count:${shapeOf(search)}`;
const pageKey = (search: Search, scan: PageScan) => `page:${scan}:${shapeOf(search)}`;
const searchKey = (search: Search) => `search:${shapeOf(search)}`;

const hasAges = (f: SearchFilter) => f.bornAfter !== null || f.bornUpTo !== null;

/**
 * OFFSET 0: PostgreSQL never merges a subquery with an OFFSET into the query around it, so the scan
 * inside stays the one written (a walk along last_active_at, or an unordered range), whatever a
 * generic plan guesses about the values.
 */
const FENCE = sql`0` as unknown as Placeholder;

/** The columns row conditions read: of profiles, or of a subquery over it. */
interface Cols {
  userId: AnyColumn;
  region: AnyColumn;
  dateOfBirth: AnyColumn;
  lastActiveAt: AnyColumn;
}

/**
 * The conditions of the index range a search scans: listed members (D-10: listed is false for
 * invisible, deleted, banned and not activated members) of the country, region and gender. `listed`
 * is written as the search indexes' predicate, never as a value (listed = $1): a generic plan could
 * not use a partial index for a condition that depends on a value.
 */
function rangeConditions(search: Search, gender: SQL, bind: Bind): SQL {
  const f = search.filter;
  return and(
    sql`${profiles.listed}`,
    eq(profiles.country, bind.value('country', f.country)),
    f.region === null ? undefined : eq(profiles.region, bind.value('region', f.region)),
    gender,
  ) as SQL;
}

/** Rows `exact` would not find. */
function outside(c: Cols, exact: SearchFilter, bind: Bind): SQL {
  const parts: SQL[] = [];
  if (exact.region !== null)
    parts.push(sql`${c.region} is distinct from ${bind.value('exRegion', exact.region)}`);
  if (exact.bornAfter !== null)
    parts.push(sql`${c.dateOfBirth} <= ${bind.value('exBornAfter', exact.bornAfter)}`);
  if (exact.bornUpTo !== null)
    parts.push(sql`${c.dateOfBirth} > ${bind.value('exBornUpTo', exact.bornUpTo)}`);
  return parts.length > 0 ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/**
 * The other member of each of the viewer's blocks, both ways, as one array: PostgreSQL reads it once
 * per scan (an InitPlan on the blocks primary key and blocks_blocked_idx, nothing for a visitor), then
 * checks each index entry against it, without a join.
 */
const blockPartners = (viewerId: SQL) =>
  sql`array(select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewerId}
    union all select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewerId})`;

/**
 * The conditions on each member of the range: the ages, not what `exclude` finds, and the viewer's own
 * (M-06): never themself, nor anyone of a block pair with them; for a visitor (viewer null) these hold
 * for everyone. All on columns the search indexes hold (key or INCLUDE), so scans never visit the table.
 */
function rowConditions(search: Search, c: Cols, bind: Bind): SQL | undefined {
  const { filter: f, exclude } = search;
  const viewer = bind.value('viewerId', search.viewerId);
  return and(
    f.bornAfter === null ? undefined : gt(c.dateOfBirth, bind.value('bornAfter', f.bornAfter)),
    f.bornUpTo === null ? undefined : lte(c.dateOfBirth, bind.value('bornUpTo', f.bornUpTo)),
    f.activeSince
      ? sql`${c.lastActiveAt} >= ${bind.value('activeSince', f.activeSince)}::timestamptz`
      : undefined,
    exclude ? outside(c, exclude, bind) : undefined,
    sql`${c.userId} is distinct from ${viewer}`,
    sql`${c.userId} <> all(${blockPartners(viewer)})`,
  );
}

/**
 * One condition per gender a search covers. The search indexes lead with (country[, region], gender),
 * so a search for any gender is one index range per gender (and one for members without one), each in
 * the index's order.
 */
const genderBranches = (gender: string | null, bind: Bind): SQL[] =>
  gender === null
    ? [...GENDERS.map((g) => eq(profiles.gender, g)), isNull(profiles.gender)]
    : [eq(profiles.gender, bind.value('gender', gender))];

function buildCount(db: Db, search: Search, bind: Bind, cap: number) {
  const [first, second, ...rest] = genderBranches(search.filter.gender, bind).map((gender) =>
    db
      .select({ one: sql<number>`1`.as('one') })
      .from(profiles)
      .where(and(rangeConditions(search, gender, bind), rowConditions(search, profiles, bind))),
  );
  if (!first) throw new Error('no search branch');
  const hits = (second ? unionAll(first, second, ...rest) : first).limit(bind.rows('cap', cap)).as('hits');
  return db.select({ n: sql<number>`count(*)::int`.as('n') }).from(hits);
}

/** The newest `scanLimit` members of one gender branch the viewer may see, by a walk or a range. */
function pageBranch(db: Db, search: Search, scan: PageScan, gender: SQL, bind: Bind, scanLimit: number) {
  const range = rangeConditions(search, gender, bind);
  if (scan === 'walk') {
    const walk = db
      .select({
        userId: profiles.userId,
        lastActiveAt: profiles.lastActiveAt,
        dateOfBirth: profiles.dateOfBirth,
        region: profiles.region,
      })
      .from(profiles)
      .where(range)
      // The order of the activity indexes: the walk needs no sort and stops as soon as it has enough.
      .orderBy(...byLastActive())
      .offset(FENCE)
      .as('scan');
    return db
      .select({ userId: walk.userId, lastActiveAt: walk.lastActiveAt })
      .from(walk)
      .where(rowConditions(search, walk, bind))
      .orderBy(sql`${walk.lastActiveAt} desc nulls last`, desc(walk.userId))
      .limit(bind.rows('scanLimit', scanLimit));
  }
  const matches = db
    .select({ userId: profiles.userId, lastActiveAt: profiles.lastActiveAt })
    .from(profiles)
    .where(and(range, rowConditions(search, profiles, bind)))
    .offset(FENCE)
    .as('scan');
  return db
    .select({ userId: matches.userId, lastActiveAt: matches.lastActiveAt })
    .from(matches)
    .orderBy(sql`${matches.lastActiveAt} desc nulls last`, desc(matches.userId))
    .limit(bind.rows('scanLimit', scanLimit));
}

/**
 * The page's members of one scan (user id and activity, no cards yet): one scan per gender, merged,
 * sorted, the page cut out. `where`, when given, gates the whole scan (see buildSearch).
 */
function pageRows(
  db: Db,
  search: Search,
  scan: PageScan,
  bind: Bind,
  limit: number,
  offset: number,
  where?: SQL,
) {
  const [first, second, ...rest] = genderBranches(search.filter.gender, bind).map((gender) =>
    pageBranch(db, search, scan, gender, bind, offset + limit),
  );
  if (!first) throw new Error('no search branch');
  const candidates = (second ? unionAll(first, second, ...rest) : first).as('candidates');
  return db
    .select({ userId: candidates.userId, lastActiveAt: candidates.lastActiveAt })
    .from(candidates)
    .where(where)
    .orderBy(sql`${candidates.lastActiveAt} desc nulls last`, desc(candidates.userId))
    .limit(bind.rows('limit', limit))
    .offset(bind.rows('offset', offset));
}

/**
 * Each card by primary key, its main photo's thumbnail by a subquery: a lateral subquery (FENCE) is
 * no join for the planner to order, so even a first, custom plan of a statement is cheap.
 */
function cardOf(db: Db, userId: AnyColumn) {
  const thumb = db.select({ thumbFilename: photos.thumbFilename }).from(photos).where(mainThumbJoin);
  return db
    .select({
      name: profiles.name,
      dateOfBirth: profiles.dateOfBirth,
      city: profiles.city,
      country: profiles.country,
      fictional: profiles.fictional,
      lastActiveAt: profiles.lastActiveAt,
      thumbFilename: sql<string | null>`(${thumb})`.as('thumb_filename'),
    })
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

function buildPage(db: Db, search: Search, scan: PageScan, bind: Bind, limit: number, offset: number) {
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
function buildSearch(db: Db, search: Search, bind: Bind, cap: number, limit: number, offset: number) {
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

/**
 * How many members a search with its own order (SearchOrder) reorders: the first this many by activity,
 * five pages of a member's search. Each costs two primary-key lookups (position, photo), which the search
 * indexes cannot answer without a migration (decision 0030); further pages follow by activity.
 */
export const SEARCH_POOL = 120;

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
function buildPoolSearch(db: Db, search: Search, bind: Bind, cap: number, limit: number, offset: number) {
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

/**
 * Prepared statements by database and key (kind and shape): a few dozen at most. The key names the
 * statement too: node-postgres prepares a named statement once per connection, and PostgreSQL then plans
 * it for good (a generic plan, after five runs planned for their values) rather than for every search.
 * The scans are fixed by the SQL itself (FENCE; the age indexes only serve age bounds), so one plan fits
 * all values. PGlite ignores the name.
 */
const statements = new WeakMap<Db, Map<string, unknown>>();
function statement<T>(db: Db, key: string, prepare: (name: string) => T): T {
  let byKey = statements.get(db);
  if (!byKey) {
    byKey = new Map();
    statements.set(db, byKey);
    buildCommonStatements(db);
  }
  let found = byKey.get(key) as T | undefined;
  if (!found) {
    found = prepare(`vonk_search:${key}`);
    byKey.set(key, found);
  }
  return found;
}

// Built with placeholders: the limits given to the builders are not used.
const searchStatement = (db: Db, search: Search) =>
  statement(db, searchKey(search), (name) => buildSearch(db, search, placeholder, 0, 0, 0).prepare(name));
const poolStatement = (db: Db, search: Search, cap: number) =>
  statement(db, `pool:${shapeOf(search)}`, (name) =>
    buildPoolSearch(db, search, placeholder, cap, 0, 0).prepare(name),
  );
const searcherStatement = (db: Db) =>
  statement(db, 'searcher', (name) =>
    db
      .select({
        country: profiles.country,
        lookingFor: profiles.lookingFor,
        hasPlace: sql<boolean>`${profiles.latCoarse} is not null`,
      })
      .from(profiles)
      .where(eq(profiles.userId, sql.placeholder('userId')))
      .limit(1)
      .prepare(name),
  );

/**
 * Builds, on the first search of a database, the statements of the common shapes at once (a few
 * dozen, some tens of milliseconds): both age bounds or none, with and without region and gender, and
 * their similar searches. Otherwise each search of a new shape would pay a few milliseconds for
 * building its statement; rarer shapes (one age bound) still build on first use.
 */
function buildCommonStatements(db: Db): void {
  const date = '2000-01-01';
  for (const region of [null, '-'])
    for (const gender of [null, '-'])
      for (const born of [null, date]) {
        const exact: SearchFilter = { country: '-', region, gender, bornAfter: born, bornUpTo: born };
        searchStatement(db, { filter: exact, viewerId: null });
        if (region !== null || born !== null)
          searchStatement(db, { filter: { ...exact, region: null }, viewerId: null, exclude: exact });
      }
  searcherStatement(db);
}

// ---------------------------------------------------------------- the queries

/**
 * The result count of a search, counting stops at `cap`: the members the viewer may see, one scan
 * per gender, stopping as soon as `cap` are found. With an age bound it reads an age index, whose
 * range holds only members of those ages, so a count reads about `cap` index entries at most, however
 * rare the ages; without one, every entry of the search index range matches. As a query that can be
 * explained (plan tests); searches run it inside findSearch.
 */
export function countQuery(db: Db, search: Search, cap: number) {
  return buildCount(db, search, inline, cap);
}

/**
 * One page of a search, newest activity first, as a query that can also be explained (plan tests);
 * searches run it inside findSearch.
 *
 * Candidates come from one scan per gender (see PageScan), each without the members the viewer may not
 * see, that stops at offset + limit rows. Only the page's rows then read their profile and main photo,
 * by primary key.
 */
export function membersPageQuery(db: Db, search: Search, limit: number, offset: number, scan: PageScan) {
  return buildPage(db, search, scan, inline, limit, offset);
}

/** A whole search (count and page) as a query that can be explained (plan tests). */
export function searchQuery(db: Db, search: Search, cap: number, limit: number, offset: number) {
  return buildSearch(db, search, inline, cap, limit, offset);
}

/**
 * The count of a search, exact below `cap` (else `cap` with `capped` set), and one page of it, newest
 * activity first, in one round trip (buildSearch). A page past the last result is empty.
 */
export async function findSearch(
  db: Db,
  search: Search,
  opts: { cap: number; limit: number; offset: number },
): Promise<{ count: { n: number; capped: boolean }; rows: (MemberCardRow & { km: number | null })[] }> {
  if (search.order) return findPoolSearch(db, search, opts);
  const found = await searchStatement(db, search).execute(valuesOf(search, opts));
  const n = found[0]?.n ?? 0;
  const rows: (MemberCardRow & { km: number | null })[] = [];
  for (const { n: _n, userId, name, ...card } of found)
    if (userId !== null && name !== null)
      rows.push({ userId, name, ...card, km: null } as MemberCardRow & { km: null });
  return { count: n >= opts.cap ? { n: opts.cap, capped: true } : { n, capped: false }, rows };
}

/**
 * A search with its own order (buildPoolSearch). The count is the pool's after the post-filters; it is
 * "capped" ("this many or more") when the search itself reached the cap, so the pool held only its first
 * `cap` members. A page past the end carries no count of its own: then the search's.
 */
async function findPoolSearch(
  db: Db,
  search: Search,
  opts: { cap: number; limit: number; offset: number },
): Promise<{ count: { n: number; capped: boolean }; rows: (MemberCardRow & { km: number | null })[] }> {
  const order = search.order;
  const filtered = order?.photo || order?.maxKm != null;
  // Past the pool, an unfiltered search goes on by activity: exactly the members ranked after the pool.
  if (!filtered && opts.offset >= SEARCH_POOL) return findSearch(db, { ...search, order: undefined }, opts);
  const found = await poolStatement(db, search, opts.cap).execute(valuesOf(search, opts));
  const n = found[0]?.n ?? 0;
  const poolCount = found[0]?.total ?? null;
  const rows: (MemberCardRow & { km: number | null })[] = [];
  for (const { n: _n, total: _t, userId, name, km, ...card } of found)
    if (userId !== null && name !== null)
      rows.push({ userId, name, ...card, km: km === null ? null : Number(km) } as MemberCardRow & {
        km: number | null;
      });
  // A filtered search holds what its pool holds ("this many or more" when the pool was full); an
  // unfiltered one counts as the search does.
  const count = !filtered
    ? { n: Math.min(n, opts.cap), capped: n >= opts.cap }
    : { n: poolCount ?? 0, capped: n > SEARCH_POOL };
  return { count, rows };
}

type StatementQuery =
  | { count: number }
  | { limit: number; offset: number; scan: PageScan }
  | { cap: number; limit: number; offset: number };

/**
 * The SQL of a count (`count`: its cap), a page, or a whole search (`cap`, `limit`, `offset`): its key
 * (searches of one key share the statement), SQL and values in order. For tests: plans as PostgreSQL
 * runs them (a generic plan), and one SQL per key.
 */
export function statementOf(
  db: Db,
  search: Search,
  query: StatementQuery,
): { key: string; sql: string; values: unknown[] } {
  const [key, built, values] =
    'count' in query
      ? [
          countKey(search),
          buildCount(db, search, placeholder, query.count),
          valuesOf(search, { cap: query.count }),
        ]
      : 'scan' in query
        ? [
            pageKey(search, query.scan),
            buildPage(db, search, query.scan, placeholder, query.limit, query.offset),
            valuesOf(search, query),
          ]
        : [
            searchKey(search),
            buildSearch(db, search, placeholder, query.cap, query.limit, query.offset),
            valuesOf(search, query),
          ];
  const { sql: text, params } = built.toSQL();
  return { key, sql: text, values: fillPlaceholders(params, values) };
}

/** The searching member's defaults: their country and the gender they look for. */
export async function findSearcher(db: Db, userId: number) {
  const [row] = await searcherStatement(db).execute({ userId });
  return row;
}
