import { and, desc, eq, gt, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { GENDERS } from '../../../shared/contract/accounts.ts';
import type { Db } from '../../db/client.ts';
import { blocks, photos, profiles } from '../../db/schema.ts';
import { byLastActive, type MemberCardRow, mainThumbJoin, notBlockedWith } from '../profiles/queries.ts';

/**
 * One search in database terms. Ages are date-of-birth bounds (computed by the service) so the
 * condition stays a plain range on the row; country is always set, so the partial search indexes
 * (country[, region], gender, last_active_at desc) where listed serve every search.
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
}

export interface Search {
  filter: SearchFilter;
  /** The searching member (never in their own results, nor anyone of a blocked pair), or null. */
  viewerId: number | null;
  /** Leave out what this narrower search finds: similar results never repeat the exact ones. */
  exclude?: SearchFilter;
}

/** Rows `exact` would not find. */
function outside(exact: SearchFilter): SQL {
  const parts: SQL[] = [];
  if (exact.region !== null) parts.push(sql`${profiles.region} is distinct from ${exact.region}`);
  if (exact.bornAfter !== null) parts.push(sql`${profiles.dateOfBirth} <= ${exact.bornAfter}`);
  if (exact.bornUpTo !== null) parts.push(sql`${profiles.dateOfBirth} > ${exact.bornUpTo}`);
  return parts.length > 0 ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

const genderIs = (gender: string | null) => (gender === null ? undefined : eq(profiles.gender, gender));

/**
 * Listed members matching the filter (D-01, D-10: listed is false for invisible, deleted, banned and not
 * activated members). `gender` overrides the filter's: a condition of its own, or undefined for any.
 * The viewer's own conditions (themself, blocks) are applied by the callers on top.
 */
function matching(search: Search, gender: SQL | undefined = genderIs(search.filter.gender)): SQL {
  const { filter: f, exclude } = search;
  return and(
    eq(profiles.listed, true),
    eq(profiles.country, f.country),
    f.region === null ? undefined : eq(profiles.region, f.region),
    gender,
    f.bornAfter === null ? undefined : gt(profiles.dateOfBirth, f.bornAfter),
    f.bornUpTo === null ? undefined : lte(profiles.dateOfBirth, f.bornUpTo),
    exclude ? outside(exclude) : undefined,
  ) as SQL;
}

/**
 * The members a viewer may not see, whether they match or not: themself and both sides of their blocks,
 * as an array, so profiles are then read by primary key (= any) whatever the planner guesses.
 */
const hiddenIds = (viewerId: number) =>
  sql`array(select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewerId}
    union select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewerId}
    union select ${viewerId}::int)`;

/**
 * The result count of a search, counting stops at `limit`: members matching the filter, minus those
 * of them the viewer may not see. The matches are counted without the viewer's conditions along an
 * order both search indexes give without sorting (country and region are fixed), so the planner walks
 * an index and stops at the limit (unordered, it may read the whole table for a common filter); the
 * hidden ones are found from the viewer's few block rows (blocks primary key, blocks_blocked_idx) and
 * profiles by primary key.
 */
export function countQuery(db: Db, search: Search, limit: number) {
  const hits = db
    .select({ one: sql<number>`1`.as('one') })
    .from(profiles)
    .where(matching(search))
    .orderBy(profiles.gender, sql`${profiles.lastActiveAt} desc nulls last`)
    .limit(limit)
    .as('hits');
  const hidden =
    search.viewerId === null
      ? sql`0`
      : sql`(select count(*) from ${profiles} where ${profiles.userId} = any(${hiddenIds(search.viewerId)}) and ${matching(search)})`;
  return db.select({ n: sql<number>`(count(*) - ${hidden})::int` }).from(hits);
}

/**
 * The result count of a search, exact below `cap`, else `cap` with `capped` set: counting a whole
 * country costs no more than counting one region. `hiddenBound` is at least how many members the
 * viewer may not see (findSearcher), so enough matches are counted to take those out.
 */
export async function countMembers(
  db: Db,
  search: Search,
  opts: { cap: number; hiddenBound: number },
): Promise<{ n: number; capped: boolean }> {
  const [row] = await countQuery(db, search, opts.cap + opts.hiddenBound);
  const n = row?.n ?? 0;
  return n >= opts.cap ? { n: opts.cap, capped: true } : { n, capped: false };
}

/**
 * One page of a search, newest activity first, as a query that can also be explained (plan tests).
 *
 * Candidates come from ordered scans of a search index that stop early: offset + limit rows, plus
 * `hiddenBound` (at least how many the viewer may not see), so enough remain once those are taken
 * out. A search for any gender merges one scan per gender, because the indexes are ordered within a
 * gender only. The viewer's conditions (NOT EXISTS on blocks) then run on those few candidates, and
 * only the page's rows read their profile and main photo, by primary key.
 */
export function membersPageQuery(db: Db, search: Search, limit: number, offset: number, hiddenBound: number) {
  const genders =
    search.filter.gender === null
      ? [...GENDERS.map((g) => eq(profiles.gender, g)), isNull(profiles.gender)]
      : [genderIs(search.filter.gender)];
  const [first, second, ...rest] = genders.map((gender) =>
    db
      .select({ userId: profiles.userId, lastActiveAt: profiles.lastActiveAt })
      .from(profiles)
      .where(matching(search, gender))
      .orderBy(...byLastActive())
      .limit(offset + limit + hiddenBound),
  );
  if (!first) throw new Error('no search branch');
  const candidates = (second ? unionAll(first, second, ...rest) : first).as('candidates');
  const viewerId = search.viewerId;
  const page = db
    .select({ userId: candidates.userId, lastActiveAt: candidates.lastActiveAt })
    .from(candidates)
    .where(
      viewerId === null
        ? undefined
        : and(ne(candidates.userId, viewerId), notBlockedWith(viewerId, candidates.userId)),
    )
    .orderBy(sql`${candidates.lastActiveAt} desc nulls last`, desc(candidates.userId))
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select({
      userId: profiles.userId,
      name: profiles.name,
      dateOfBirth: profiles.dateOfBirth,
      city: profiles.city,
      country: profiles.country,
      fictional: profiles.fictional,
      lastActiveAt: profiles.lastActiveAt,
      thumbFilename: photos.thumbFilename,
    })
    .from(page)
    .innerJoin(profiles, eq(profiles.userId, page.userId))
    .leftJoin(photos, mainThumbJoin)
    .orderBy(sql`${page.lastActiveAt} desc nulls last`, desc(page.userId));
}

export async function findMembersPage(
  db: Db,
  search: Search,
  opts: { limit: number; offset: number; hiddenBound: number },
): Promise<MemberCardRow[]> {
  return membersPageQuery(db, search, opts.limit, opts.offset, opts.hiddenBound);
}

/**
 * The searching member's defaults (their country, the gender they look for) and how many members they
 * may not see at most: themself and both sides of their blocks.
 */
export async function findSearcher(db: Db, userId: number) {
  const [row] = await db
    .select({
      country: profiles.country,
      lookingFor: profiles.lookingFor,
      hiddenBound: sql<number>`(1
        + (select count(*) from ${blocks} where ${blocks.blockerId} = ${userId})
        + (select count(*) from ${blocks} where ${blocks.blockedId} = ${userId}))::int`,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row;
}
