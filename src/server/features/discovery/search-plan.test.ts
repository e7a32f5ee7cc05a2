import { and, desc, eq, gt, inArray, isNull, lte, ne, notExists, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSearchData } from '../../../../bench/search.ts';
import { SEARCH } from '../../../shared/contract/discovery.ts';
import type { Db } from '../../db/client.ts';
import { blocks, profiles, users } from '../../db/schema.ts';
import { seedDemo } from '../../demo/seed.ts';
import { distanceKm } from '../../platform/geo.ts';
import { findDefaultSite, type SiteRow } from '../../platform/site.ts';
import { createTestDatabase } from '../../test/app.ts';
import { genericPlanOf, planOf } from '../../test/plans.ts';
import { countQuery, membersPageQuery, statementOf } from './queries.ts';
import { type PageScan, SEARCH_POOL, type Search, type SearchFilter } from './search-sql.ts';
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
          membersPageQuery(db, search, 24, 0, 'walk'),
          membersPageQuery(db, search, 24, 240, 'walk'),
          membersPageQuery(db, search, 24, 0, 'range'),
          membersPageQuery(db, search, 24, 240, 'range'),
          countQuery(db, search, SEARCH.countCap),
        ]) {
          const plan = await planOf(db, query);
          // The search indexes: by activity, or by age (profiles_search[_region]_age_idx, migration 0007).
          expect(plan, plan).toMatch(
            /(Index Scan|Index Only Scan) using profiles_search(_region)?(_age)?_idx|Bitmap Index Scan on profiles_search(_region)?(_age)?_idx/,
          );
          expect(plan, plan).not.toMatch(/Seq Scan on profiles/);
          if (viewerId !== null)
            expect(plan, plan).toMatch(/blocks_blocker_id_blocked_id_pk|blocks_blocked_idx/);
        }
      }
    });
  }
});

describe('D-01 prepared search statements', () => {
  const shapes: [string, SearchFilter, SearchFilter | undefined][] = [
    ['country and gender', filter(), undefined],
    ['ages', filter(AGES), undefined],
    [
      'rare ages',
      filter({ bornAfter: yearsBefore(new Date(), 90), bornUpTo: yearsBefore(new Date(), 75) }),
      undefined,
    ],
    ['region and ages', filter({ region: 'NL-NH', ...AGES }), undefined],
    ['any gender, ages', filter({ gender: null, ...AGES }), undefined],
    ['minimum age only', filter({ bornUpTo: AGES.bornUpTo }), undefined],
    [
      'similar',
      filter({ bornAfter: yearsBefore(new Date(), 46), bornUpTo: yearsBefore(new Date(), 20) }),
      filter({ region: 'NL-NH', ...AGES }),
    ],
  ];
  for (const [name, f, exclude] of shapes) {
    it(`D-01 ${name}: generic plans keep the scans the SQL sets, whatever the values`, async () => {
      const ages = f.bornAfter !== null || f.bornUpTo !== null;
      for (const viewerId of [null, blocker]) {
        const search: Search = { filter: f, viewerId, ...(exclude ? { exclude } : {}) };
        const count = await genericPlanOf(db, statementOf(db, search, { count: SEARCH.countCap }));
        const walk = await genericPlanOf(
          db,
          statementOf(db, search, { limit: 24, offset: 24, scan: 'walk' }),
        );
        const range = await genericPlanOf(
          db,
          statementOf(db, search, { limit: 24, offset: 0, scan: 'range' }),
        );
        for (const plan of [count, walk, range]) {
          expect(plan, plan).not.toMatch(/Seq Scan on profiles/);
          expect(plan, plan).toMatch(/blocks_blocker_id_blocked_id_pk|blocks_blocked_idx/);
        }
        // A walk goes along activity: never an age index, whose range it would have to sort.
        expect(walk, walk).toMatch(/Index Only Scan using profiles_search(_region)?_idx/);
        expect(walk, walk).not.toMatch(/_age_idx/);
        if (ages) {
          // Counts and ranges read the members of the ages only.
          expect(count, count).toMatch(/Index Only Scan using profiles_search(_region)?_age_idx/);
          expect(range, range).toMatch(/Index Only Scan using profiles_search(_region)?_age_idx/);
        } else {
          // Without an age bound the age indexes serve nothing (their predicate needs one).
          expect(count, count).not.toMatch(/_age_idx/);
          expect(count, count).toMatch(/Index Only Scan using profiles_search(_region)?_idx/);
        }
      }
    });
  }

  it('D-01 a whole search is one statement: its generic plan runs only the page scan the count chooses', async () => {
    const scanLines = (plan: string, index: RegExp) =>
      plan.split('\n').filter((line) => /Index Only Scan/.test(line) && index.test(line));
    const walkIndex = /using profiles_search(_region)?_idx/;
    const ageIndex = /using profiles_search(_region)?_age_idx/;
    const run = async (f: SearchFilter, offset: number) => {
      const statement = statementOf(
        db,
        { filter: f, viewerId: blocker },
        { cap: SEARCH.countCap, limit: 24, offset },
      );
      return genericPlanOf(db, statement, { analyze: true });
    };
    // Many members of those ages: the count reaches the cap, the page walks along activity.
    const many = await run(
      filter({ gender: null, bornAfter: yearsBefore(new Date(), 61), bornUpTo: yearsBefore(new Date(), 20) }),
      24,
    );
    expect(many, many).toMatch(/One-Time Filter/);
    expect(
      scanLines(many, walkIndex).some((l) => !l.includes('never executed')),
      many,
    ).toBe(true);
    // The age range is read by the count only: one executed age-index scan per gender branch, the
    // range's own scan never runs.
    expect(
      scanLines(many, ageIndex).filter((l) => l.includes('never executed')).length,
      many,
    ).toBeGreaterThan(0);
    // Few of those ages: the page reads the age range, the walk never runs.
    const rare = await run(
      filter({ bornAfter: yearsBefore(new Date(), 90), bornUpTo: yearsBefore(new Date(), 75) }),
      0,
    );
    expect(
      scanLines(rare, walkIndex).every((l) => l.includes('never executed')),
      rare,
    ).toBe(true);
    // A page past the last result reads no page at all, only the count.
    const past = await run(
      filter({ bornAfter: yearsBefore(new Date(), 90), bornUpTo: yearsBefore(new Date(), 75) }),
      24_000,
    );
    expect(
      scanLines(past, walkIndex).every((l) => l.includes('never executed')),
      past,
    ).toBe(true);
    expect(scanLines(past, ageIndex).filter((l) => !l.includes('never executed')).length, past).toBe(1);
  });

  it('D-01 searches of one shape share one statement: the same SQL, only the values differ', () => {
    const date = fc.integer({ min: 18, max: 120 }).map((years) => yearsBefore(new Date(), years));
    const searchFilter = fc.record({
      country: fc.constantFrom('NL', 'BE', 'FI'),
      region: fc.option(fc.constantFrom('NL-NH', 'NL-ZH', 'BE-VAN'), { nil: null }),
      gender: fc.option(fc.constantFrom('female', 'male', 'couple'), { nil: null }),
      bornAfter: fc.option(date, { nil: null }),
      bornUpTo: fc.option(date, { nil: null }),
    });
    const search = fc.record({
      filter: searchFilter,
      viewerId: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null }),
      exclude: fc.option(searchFilter, { nil: undefined }),
    });
    const query = fc.oneof(
      fc.constant({ count: SEARCH.countCap }),
      fc.record({
        cap: fc.constant(SEARCH.countCap),
        limit: fc.constantFrom(12, 24),
        offset: fc.integer({ min: 0, max: 1000 }).map((p) => p * 24),
      }),
      fc.record({
        limit: fc.constantFrom(12, 24),
        offset: fc.integer({ min: 0, max: 1000 }).map((p) => p * 24),
        scan: fc.constantFrom<PageScan>('walk', 'range'),
      }),
    );
    const sqlByKey = new Map<string, string>();
    fc.assert(
      fc.property(search, query, (s, q) => {
        const { exclude, ...rest } = s;
        const statement = statementOf(db, exclude ? { ...rest, exclude } : rest, q);
        const known = sqlByKey.get(statement.key);
        if (known === undefined) sqlByKey.set(statement.key, statement.sql);
        else expect(statement.sql, statement.key).toBe(known);
        // Every placeholder has its value.
        expect(statement.values.length).toBe(statement.sql.match(/\$\d+/g)?.length ?? 0);
      }),
      { numRuns: 300 },
    );
    expect(new Set(sqlByKey.values()).size).toBe(sqlByKey.size);
  });
});

// ---------------------------------------------------------------- the answers are right

/**
 * The same search written the plain way: one query, no early stops, no tricks. The order of an answer
 * (issue 27): the first SEARCH_POOL members by activity with those with a photo first, then nearest (a
 * member's search), then by activity; after them the rest by activity.
 */
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
    .select({
      id: profiles.userId,
      photo: sql<boolean>`exists (select 1 from photos ph where ph.id = ${profiles.mainPhotoId}
        and ph.user_id = ${profiles.userId} and not ph.is_private and ph.status = 'active')`,
    })
    .from(profiles)
    .where(where)
    .orderBy(desc(profiles.lastActiveAt), desc(profiles.userId));
  const pool = rows.slice(0, SEARCH_POOL);
  // A member's search is nearest first (issue 27); a visitor's by activity. Ties keep the activity order.
  const places = new Map(
    (
      await db
        .select({ id: profiles.userId, lat: profiles.latCoarse, lon: profiles.lonCoarse })
        .from(profiles)
        .where(inArray(profiles.userId, [...pool.map((r) => r.id), viewerId ?? 0]))
    ).map((p) => [p.id, p.lat === null || p.lon === null ? null : { lat: p.lat, lon: p.lon }]),
  );
  const me = viewerId === null ? null : places.get(viewerId);
  const km = (id: number) => {
    const there = places.get(id);
    return me && there ? distanceKm(me, there) : Number.POSITIVE_INFINITY;
  };
  const ordered = pool
    .map((r, i) => ({ ...r, i, km: km(r.id) }))
    .sort((a, b) => Number(b.photo) - Number(a.photo) || a.km - b.km || a.i - b.i);
  return { count: rows.length, ids: [...ordered, ...rows.slice(SEARCH_POOL)].map((r) => r.id) };
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

/**
 * Each search of `inputs` by each of `viewers` answers as the plain query: the page, the count, and the
 * similar results with their count.
 */
async function expectPlainAnswers(viewers: (number | null)[], inputs: SearchInput[]) {
  const now = new Date();
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
      ).toEqual(all.ids.slice(start, start + r.pageSize));
      expect(r.numResults, label).toBe(Math.min(all.count, SEARCH.countCap));
      expect(r.numResultsCapped, label).toBe(all.count >= SEARCH.countCap);
      if (r.similar) {
        const wider = {
          ...f,
          region: null,
          bornAfter:
            f.bornAfter === null ? null : yearsBefore(now, Math.min(120, (r.filters.max_age ?? 0) + 5) + 1),
          bornUpTo: f.bornUpTo === null ? null : yearsBefore(now, Math.max(18, (r.filters.min_age ?? 0) - 5)),
        };
        const near = await plainSearch(wider, viewerId, f);
        expect(
          r.similar.results.map((c) => c.id),
          label,
        ).toEqual(near.ids.slice(0, r.pageSize));
        expect(r.similar.numResults, label).toBe(Math.min(near.count, SEARCH.countCap));
      }
    }
  }
}

describe('D-01 search answers', () => {
  it('D-01 pages, counts and similar results equal the plain query, blocks both ways and paging included', async () => {
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
    await expectPlainAnswers(viewers, inputs);
  });

  it('D-01 every page scan answers as the plain query: walks and age ranges, few and many, deep pages', async () => {
    // Many matches (a walk along activity), fewer than the cap (an age range, sorted), none, a page
    // past the end, one age bound only, and a member of many blocks among the most active.
    const inputs: SearchInput[] = [
      { country: 'NL', gender: 'female', min_age: 20, max_age: 50, page: 7 },
      { country: 'NL', min_age: 30, max_age: 31, page: 2 },
      { country: 'NL', gender: 'female', min_age: 60, max_age: 68 },
      { country: 'NL', gender: 'female', min_age: 60, max_age: 68, page: 4 },
      { country: 'NL', gender: 'male', min_age: 90, max_age: 99 },
      { country: 'NL', gender: 'female', min_age: 25, max_age: 30, page: 40 },
      { country: 'NL', gender: 'female', min_age: 55 },
      { country: 'NL', gender: 'female', max_age: 22, page: 2 },
      { country: 'NL', region: 'NL-ZH', min_age: 40, max_age: 45 },
      { country: 'DE', region: 'DE-BY', gender: 'female', page: 3 },
    ];
    await expectPlainAnswers([blocker, null], inputs);
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
