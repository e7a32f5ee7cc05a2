// The pieces every search query is built of: the search in database terms, how values are bound, the
// conditions of a search's index range and rows, the count, and a page's rows without their cards.
import { type AnyColumn, and, desc, eq, gt, isNull, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { GENDERS } from '../../../shared/contract/accounts.ts';
import type { Db } from '../../db/client.ts';
import { blocks, profiles } from '../../db/schema.ts';
import { byLastActive } from '../../kernel/members.ts';

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

/**
 * How many members a search with its own order (SearchOrder) reorders: the first this many by activity,
 * five pages of a member's search. Each costs two primary-key lookups (position, photo), which the search
 * indexes cannot answer without a migration (decision 0030); further pages follow by activity.
 */
export const SEARCH_POOL = 120;

/**
 * Every value a search query takes, by name. The queries are built once per shape (which conditions a
 * search has, see shapeOf) with a placeholder for each value, and run as prepared statements with the
 * values of each search: building a query costs Drizzle more time than PostgreSQL takes to run it, and
 * planning it costs PostgreSQL more again.
 */
export type Values = {
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
export interface Bind {
  value(name: keyof Values, value: string | number | null): SQL;
  rows(name: 'cap' | 'limit' | 'offset' | 'scanLimit' | 'pool', value: number): number | Placeholder;
}
export const inline: Bind = { value: (_name, value) => sql`${value}`, rows: (_name, value) => value };
export const placeholder: Bind = {
  value: (name) => sql`${sql.placeholder(name)}`,
  rows: (name) => sql.placeholder(name),
};

export function valuesOf(search: Search, rows: { cap?: number; limit?: number; offset?: number }): Values {
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
export function shapeOf(search: Search): string {
  const { filter: f, exclude: x } = search;
  const has = (v: unknown) => (v === null ? '-' : '+');
  const filter = (s: SearchFilter) => `${has(s.region)}${has(s.bornAfter)}${has(s.bornUpTo)}`;
  const base = `${filter(f)}${f.gender === null ? 'any' : 'one'}:${x ? filter(x) : 'all'}`;
  const o = search.order;
  const online = f.activeSince ? ':online' : '';
  return o ? `${base}${online}:${o.sort}${o.photo ? '+photo' : ''}${has(o.maxKm)}` : `${base}${online}`;
}

export const countKey = (search: Search) => `count:${shapeOf(search)}`;
export const pageKey = (search: Search, scan: PageScan) => `page:${scan}:${shapeOf(search)}`;
export const searchKey = (search: Search) => `search:${shapeOf(search)}`;

export const hasAges = (f: SearchFilter) => f.bornAfter !== null || f.bornUpTo !== null;

/**
 * OFFSET 0: PostgreSQL never merges a subquery with an OFFSET into the query around it, so the scan
 * inside stays the one written (a walk along last_active_at, or an unordered range), whatever a
 * generic plan guesses about the values.
 */
export const FENCE = sql`0` as unknown as Placeholder;

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

export function buildCount(db: Db, search: Search, bind: Bind, cap: number) {
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
export function pageRows(
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
