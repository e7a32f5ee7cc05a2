import { and, desc, eq, gt, isNull, lte, ne, notExists, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSearchData } from '../../../../bench/search.ts';
import { SEARCH } from '../../../shared/contract/discovery.ts';
import type { Db } from '../../db/client.ts';
import { blocks, profiles, users } from '../../db/schema.ts';
import { seedDemo } from '../../db/seed.ts';
import { createTestDatabase } from '../../test/app.ts';
import { findDefaultSite, type SiteRow } from '../site/queries.ts';
import { countQuery, membersPageQuery, type Search, type SearchFilter } from './queries.ts';
import { type SearchInput, searchMembers, yearsBefore } from './service.ts';

// A few thousand members made in bulk, analysed: enough for PostgreSQL to choose plans as it would
// for a real site, small enough for a unit test.
const PROFILES = 20_000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let site: SiteRow;
/** A member with many blocks both ways among the most active members: the hard case for paging. */
let blocker: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemo(db, { withDemoMember: false });
  const found = await findDefaultSite(db);
  if (!found) throw new Error('no site');
  site = found;
  await seedSearchData(db, { siteId: site.id, profiles: PROFILES, blocks: 2000, prefix: 'plan' });
  const [viewer] = await db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.listed, true), eq(profiles.country, 'NL'), eq(profiles.gender, 'male')))
    .limit(1);
  blocker = viewer?.id ?? 0;
  const active = await db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.listed, true), eq(profiles.country, 'NL'), eq(profiles.gender, 'female')))
    .orderBy(desc(profiles.lastActiveAt))
    .limit(40);
  await db
    .insert(blocks)
    .values(
      active.map((a, i) =>
        i % 2 ? { blockerId: blocker, blockedId: a.id } : { blockerId: a.id, blockedId: blocker },
      ),
    )
    .onConflictDoNothing();
  await db.execute(sql`analyze`);
}, 120_000);
afterAll(() => database.drop());

async function planOf(query: { getSQL(): ReturnType<typeof sql> }): Promise<string> {
  const result = (await db.execute(sql`explain ${query.getSQL()}`)) as unknown as {
    rows: Record<string, string>[];
  };
  return result.rows.map((r) => r['QUERY PLAN']).join('\n');
}

const filter = (over: Partial<SearchFilter> = {}): SearchFilter => ({
  country: 'NL',
  region: null,
  gender: 'female',
  bornAfter: null,
  bornUpTo: null,
  ...over,
});
const AGES = { bornAfter: yearsBefore(new Date(), 41), bornUpTo: yearsBefore(new Date(), 25) };

describe('D-01 search plans', () => {
  const shapes: [string, SearchFilter, SearchFilter | undefined][] = [
    ['country and gender', filter(), undefined],
    ['ages', filter(AGES), undefined],
    ['region', filter({ region: 'NL-NH', ...AGES }), undefined],
    ['any gender', filter({ gender: null }), undefined],
    ['any gender, ages', filter({ gender: null, ...AGES }), undefined],
    ['any gender, region', filter({ gender: null, region: 'NL-ZH' }), undefined],
    [
      'rare ages',
      filter({ bornAfter: yearsBefore(new Date(), 81), bornUpTo: yearsBefore(new Date(), 70) }),
      undefined,
    ],
    ['small country', filter({ country: 'FI', gender: 'couple' }), undefined],
    [
      'similar',
      filter({ bornAfter: yearsBefore(new Date(), 46), bornUpTo: yearsBefore(new Date(), 20) }),
      filter({ region: 'NL-NH', ...AGES }),
    ],
  ];
  for (const [name, f, exclude] of shapes) {
    it(`D-01 ${name}: index scans on the search indexes, never a sequential scan of profiles`, async () => {
      for (const viewerId of [null, blocker]) {
        const search: Search = { filter: f, viewerId, ...(exclude ? { exclude } : {}) };
        for (const query of [
          membersPageQuery(db, search, 24, 0, 41),
          membersPageQuery(db, search, 24, 240, 41),
          countQuery(db, search, SEARCH.countCap + 41),
        ]) {
          const plan = await planOf(query);
          expect(plan, plan).toMatch(
            /(Index Scan|Index Only Scan) using profiles_search(_region)?_idx|Bitmap Index Scan on profiles_search(_region)?_idx/,
          );
          expect(plan, plan).not.toMatch(/Seq Scan on profiles/);
          if (viewerId !== null)
            expect(plan, plan).toMatch(/blocks_blocker_id_blocked_id_pk|blocks_blocked_idx/);
        }
      }
    });
  }
});

// ---------------------------------------------------------------- the answers are right

/** The same search written the plain way: one query, no early stops, no tricks. */
async function plainSearch(f: SearchFilter, viewerId: number | null, exclude?: SearchFilter) {
  const where = and(
    eq(profiles.listed, true),
    eq(profiles.country, f.country),
    f.region === null ? undefined : eq(profiles.region, f.region),
    f.gender === null ? undefined : eq(profiles.gender, f.gender),
    f.bornAfter === null ? undefined : gt(profiles.dateOfBirth, f.bornAfter),
    f.bornUpTo === null ? undefined : lte(profiles.dateOfBirth, f.bornUpTo),
    exclude
      ? sql`not (${profiles.region} is not distinct from coalesce(${exclude.region}, ${profiles.region})
              and ${profiles.dateOfBirth} > coalesce(${exclude.bornAfter}::date, '-infinity')
              and ${profiles.dateOfBirth} <= coalesce(${exclude.bornUpTo}::date, 'infinity'))`
      : undefined,
    viewerId === null ? undefined : ne(profiles.userId, viewerId),
    viewerId === null
      ? undefined
      : notExists(
          db
            .select({ one: sql`1` })
            .from(blocks)
            .where(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, profiles.userId))),
        ),
    viewerId === null
      ? undefined
      : notExists(
          db
            .select({ one: sql`1` })
            .from(blocks)
            .where(and(eq(blocks.blockerId, profiles.userId), eq(blocks.blockedId, viewerId))),
        ),
  );
  const rows = await db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(where)
    .orderBy(desc(profiles.lastActiveAt), desc(profiles.userId));
  return rows.map((r) => r.id);
}

const filterOf = (
  r: {
    filters: {
      country: string;
      region: string | null;
      gender: string | null;
      min_age: number | null;
      max_age: number | null;
    };
  },
  now: Date,
): SearchFilter => ({
  country: r.filters.country,
  region: r.filters.region,
  gender: r.filters.gender,
  bornAfter: r.filters.max_age === null ? null : yearsBefore(now, r.filters.max_age + 1),
  bornUpTo: r.filters.min_age === null ? null : yearsBefore(now, r.filters.min_age),
});

describe('D-01 search answers', () => {
  it('D-01 pages, counts and similar results equal the plain query, blocks both ways and paging included', async () => {
    const now = new Date();
    const viewers: (number | null)[] = [blocker, blocker, null];
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(and(eq(profiles.listed, true), eq(profiles.country, 'BE')))
      .limit(1);
    viewers.push(other?.id ?? null);
    const inputs: SearchInput[] = [
      {},
      { page: 2 },
      { gender: 'female', min_age: 25, max_age: 40, page: 3 },
      { country: 'NL', gender: 'female', region: 'NL-NH', min_age: 30, max_age: 35 },
      { country: 'NL', region: 'NL-UT' },
      { country: 'BE', min_age: 60, max_age: 70 },
      { country: 'FI', gender: 'couple', region: 'FI-18', min_age: 18, max_age: 30 },
      { country: 'DE', gender: 'male', page: 5 },
    ];
    for (const viewerId of viewers) {
      for (const input of inputs) {
        if (viewerId === null && (input.page ?? 1) > 1) continue;
        const r = await searchMembers(db, input, { site, viewerId, geoCountry: 'NL', now });
        const f = filterOf(r, now);
        const all = await plainSearch(f, viewerId);
        const start = (r.page.pageNumber - 1) * r.pageSize;
        const label = JSON.stringify({ viewerId, input });
        expect(
          r.page.results.map((c) => c.id),
          label,
        ).toEqual(all.slice(start, start + r.pageSize));
        expect(r.numResults, label).toBe(Math.min(all.length, SEARCH.countCap));
        expect(r.numResultsCapped, label).toBe(all.length >= SEARCH.countCap);
        if (r.similar) {
          const wider = {
            ...f,
            region: null,
            bornAfter:
              f.bornAfter === null ? null : yearsBefore(now, Math.min(120, (r.filters.max_age ?? 0) + 5) + 1),
            bornUpTo:
              f.bornUpTo === null ? null : yearsBefore(now, Math.max(18, (r.filters.min_age ?? 0) - 5)),
          };
          const near = await plainSearch(wider, viewerId, f);
          expect(
            r.similar.results.map((c) => c.id),
            label,
          ).toEqual(near.slice(0, r.pageSize));
          expect(r.similar.numResults, label).toBe(Math.min(near.length, SEARCH.countCap));
        }
      }
    }
  });

  it('D-01 a count over a whole country stops at the cap and says so', async () => {
    const r = await searchMembers(
      db,
      { country: 'NL' },
      { site, viewerId: null, geoCountry: 'NL', now: new Date() },
    );
    const listed = await db
      .select({ id: profiles.userId })
      .from(profiles)
      .where(and(eq(profiles.listed, true), eq(profiles.country, 'NL')));
    expect(listed.length).toBeGreaterThan(SEARCH.countCap);
    expect(r).toMatchObject({ numResults: SEARCH.countCap, numResultsCapped: true });
  });

  it('D-10 members without a listed profile never count, whatever their gender', async () => {
    const unlisted = await db
      .select({ id: profiles.userId })
      .from(profiles)
      .where(and(eq(profiles.listed, false), eq(profiles.country, 'NL'), isNull(profiles.region)));
    const r = await searchMembers(
      db,
      { country: 'NL' },
      { site, viewerId: blocker, geoCountry: 'NL', now: new Date() },
    );
    for (const { id } of unlisted) expect(r.page.results.map((c) => c.id)).not.toContain(id);
  });
});
