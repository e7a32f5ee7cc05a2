import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLikes } from '../../../../bench/likes.ts';
import { seedSearchData } from '../../../../bench/search.ts';
import { COUNTS_CAP } from '../../../shared/contract/counts.ts';
import { MATCH_FINDER } from '../../../shared/contract/swipe.ts';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';
import { seedDemo } from '../../demo/seed.ts';
import { findDefaultSite } from '../../platform/site.ts';
import { createTestDatabase } from '../../test/app.ts';
import { genericPlanOf, planOf } from '../../test/plans.ts';
import { yearsBefore } from '../discovery/index.ts';
import { countsQuery, newLikesQuery } from '../notifications/index.ts';
import { likesPageQuery } from './queries.ts';
import { matchSuggestionsQuery } from './swipe-queries.ts';

// Enough members and likes for PostgreSQL to plan as it would for a real site, small enough for a test.
const PROFILES = 20_000;
const LIKES = 3000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let member: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemo(db, { withDemoMember: false });
  const site = await findDefaultSite(db);
  if (!site) throw new Error('no site');
  await seedSearchData(db, { siteId: site.id, profiles: PROFILES, blocks: 2000, prefix: 'likesplan' });
  const [m] = await db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.listed, true), eq(profiles.country, 'NL'), eq(profiles.gender, 'female')))
    .limit(1);
  member = m?.id ?? 0;
  await seedLikes(db, member, LIKES);
  // Everyone else's likes: the member's are a small part of the table, as on a real site.
  await db.execute(sql`
    insert into likes (liker_id, liked_id, is_new)
    select a, b, random() < 0.3
      from (select lo + floor(random() * (hi - lo + 1))::int as a, lo + floor(random() * (hi - lo + 1))::int as b
              from (select min(user_id) as lo, max(user_id) as hi from profiles) ids,
                   generate_series(1, 60000)) pairs
     where a <> b
    on conflict do nothing`);
  await db.execute(sql`analyze`);
}, 120_000);
afterAll(() => database.drop());

describe('D-03 D-08 P-06 likes, counts and matchfinder plans', () => {
  it('D-03 a likes page walks likes_received_idx / likes_given_idx, never a scan of likes or profiles', async () => {
    const received = await planOf(db, likesPageQuery(db, member, 'received', null, 25));
    expect(received).toContain('likes_received_idx');
    expect(received).not.toMatch(/Seq Scan on (likes|profiles)\b/);
    // Mutual likes are among the few the member gave: either side's index will do, never a scan.
    const mutual = await planOf(db, likesPageQuery(db, member, 'mutual', null, 25));
    expect(mutual).toMatch(/likes_received_idx|likes_liker_id_liked_id_pk|likes_given_idx/);
    expect(mutual).not.toMatch(/Seq Scan on (likes|profiles)\b/);
    const later = await planOf(
      db,
      likesPageQuery(
        db,
        member,
        'received',
        { isNew: false, createdAt: '2026-01-01 00:00:00+00', memberId: 5 },
        25,
      ),
    );
    expect(later).toContain('likes_received_idx');
    expect(later).not.toMatch(/Seq Scan on (likes|profiles)\b/);
    const given = await planOf(db, likesPageQuery(db, member, 'given', null, 25));
    expect(given).not.toMatch(/Seq Scan on (likes|profiles)\b/);
  });

  it('D-03 the prepared likes pages keep their index plans when PostgreSQL plans them generically', async () => {
    const p = sql.placeholder;
    const values: Record<string, unknown> = {
      viewer: member,
      limit: 25,
      isNew: false,
      createdAt: '2026-01-01 00:00:00+00',
      memberId: 5,
    };
    for (const type of ['received', 'mutual', 'given'] as const)
      for (const paged of [false, true]) {
        const after = paged
          ? { isNew: p('isNew'), createdAt: p('createdAt'), memberId: p('memberId') }
          : null;
        const q = likesPageQuery(db, p('viewer'), type, after, p('limit')).toSQL();
        const params = q.params.map((v) => {
          const name = (v as { name?: string } | null)?.name;
          return name === undefined ? v : values[name];
        });
        const plan = await genericPlanOf(db, { sql: q.sql, values: params });
        expect(plan, `${type} ${paged}\n${plan}`).not.toMatch(/Seq Scan on (likes|profiles)\b/);
        expect(plan, `${type} ${paged}\n${plan}`).toMatch(
          type === 'given' ? /likes_given_idx/ : /likes_received_idx|likes_liker_id_liked_id_pk/,
        );
      }
  });

  it("P-06 the new-likes count reads the member's new likes by index", async () => {
    const plan = await planOf(db, newLikesQuery(db, member, COUNTS_CAP));
    expect(plan).toMatch(/likes_received_idx|likes_liked_idx/);
    expect(plan).not.toMatch(/Seq Scan on (likes|profiles)\b/);
    // The whole counts statement, as prepared: generic, still by index.
    const q = countsQuery(db, sql`${sql.placeholder('userId')}::int`, COUNTS_CAP).toSQL();
    const generic = await genericPlanOf(db, {
      sql: q.sql,
      values: q.params.map((v) => ((v as { name?: string } | null)?.name === 'userId' ? member : v)),
    });
    expect(generic, generic).toMatch(/likes_received_idx|likes_liked_idx/);
    expect(generic, generic).not.toMatch(/Seq Scan on (likes|profiles)\b/);
  });

  it('D-08 the matchfinder ranks an index range of profiles_search_idx, not all members', async () => {
    const now = new Date();
    const plan = await planOf(
      db,
      matchSuggestionsQuery(
        db,
        member,
        {
          country: 'NL',
          seeker: { gender: 'female', lookingFor: ['male'], sexuality: 'hetero' },
          region: 'NL-UT',
          interests: ['cooking', 'hiking'],
          bornAfter: yearsBefore(now, 45),
          bornUpTo: yearsBefore(now, 25),
          activeSince: new Date(now.getTime() - 86_400_000),
        },
        MATCH_FINDER.pool,
        MATCH_FINDER.results,
      ),
    );
    expect(plan).toContain('profiles_search_idx');
    expect(plan).not.toMatch(/Seq Scan on profiles\b/);
  });
});
