import { eq, fillPlaceholders, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';
import type { MemberCardRow } from '../../kernel/members.ts';
import { buildPage, buildPoolSearch, buildSearch } from './search-pages.ts';
import {
  buildCount,
  countKey,
  inline,
  type PageScan,
  pageKey,
  placeholder,
  SEARCH_POOL,
  type Search,
  type SearchFilter,
  searchKey,
  shapeOf,
  valuesOf,
} from './search-sql.ts';

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
