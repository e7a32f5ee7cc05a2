import { and, desc, eq, gt, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export { findLikeSeeker as findSwiper } from './queries.ts';

import { likes, photos, profiles, swipePasses } from '../../db/schema.ts';
import { byLastActive, mainThumbJoin, memberCardColumns, notBlockedWith } from '../../kernel/members.ts';
import { fitsSeeker } from './fit.ts';

const notLikedBy = (db: Db, viewerId: number) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(likes)
      .where(and(eq(likes.likerId, viewerId), eq(likes.likedId, profiles.userId))),
  );

/** Who a member is, as far as fitting others goes (fitsSeeker). */
type Seeker = { gender: string | null; lookingFor: readonly string[] | null; sexuality: string | null };

/**
 * The members the swipe game and the match finder offer: listed members of the viewer's country who fit
 * them both ways, without themself, members they liked, and blocks either way.
 */
const candidateOf = (db: Db, viewerId: number, fit: { country: string; seeker: Seeker }) =>
  and(
    eq(profiles.listed, true),
    eq(profiles.country, fit.country),
    fitsSeeker(fit.seeker),
    ne(profiles.userId, viewerId),
    notLikedBy(db, viewerId),
    notBlockedWith(viewerId),
  );

/**
 * The next cards of the swipe game (D-07): listed members of the player's country who fit them both ways
 * (the gender each looks for, sexuality), newest activity first (profiles_search_idx), without themself,
 * members they liked or passed, and blocks either way. Only members with a public, approved main photo
 * (issue 27): a swipe card is a photo.
 */
export async function findSwipeCards(
  db: Db,
  viewerId: number,
  fit: { country: string; seeker: Seeker },
  limit: number,
) {
  return db
    .select({ ...memberCardColumns, filename: photos.filename })
    .from(profiles)
    .innerJoin(photos, mainThumbJoin)
    .where(
      and(
        candidateOf(db, viewerId, fit),
        notExists(
          db
            .select({ one: sql`1` })
            .from(swipePasses)
            .where(and(eq(swipePasses.userId, viewerId), eq(swipePasses.memberId, profiles.userId))),
        ),
      ),
    )
    .orderBy(...byLastActive())
    .limit(limit);
}

/** One card, if the viewer may still be shown it (undo of a pass). */
export async function findSwipeCard(db: Db, viewerId: number, memberId: number) {
  const [row] = await db
    .select({ ...memberCardColumns, filename: photos.filename })
    .from(profiles)
    .leftJoin(photos, mainThumbJoin)
    .where(and(eq(profiles.userId, memberId), eq(profiles.listed, true), notBlockedWith(viewerId)))
    .limit(1);
  return row;
}

export async function insertPass(db: Db, userId: number, memberId: number): Promise<void> {
  await db.insert(swipePasses).values({ userId, memberId }).onConflictDoNothing();
}

/** Takes back the newest pass and answers whom it was for. */
export async function deleteLastPass(db: Db, userId: number): Promise<number | null> {
  const rows = await db.execute<{ member_id: number }>(sql`
    delete from ${swipePasses}
    where ${swipePasses.userId} = ${userId} and ${swipePasses.memberId} = (
      select ${swipePasses.memberId} from ${swipePasses} where ${swipePasses.userId} = ${userId}
      order by ${swipePasses.createdAt} desc limit 1
    )
    returning ${swipePasses.memberId} as member_id`);
  const row = (rows as unknown as { rows?: { member_id: number }[] }).rows?.[0];
  return row ? Number(row.member_id) : null;
}

/**
 * Matchfinder suggestions (D-08) in one query: the `pool` most recently active listed members of the
 * member's country who fit them both ways (an index range of profiles_search_idx), not liked yet
 * and without blocks, ranked by shared interests, region, fitting age and recent activity.
 */
export function matchSuggestionsQuery(
  db: Db,
  viewerId: number,
  fit: {
    country: string;
    seeker: Seeker;
    region: string | null;
    interests: string[];
    bornAfter: string;
    bornUpTo: string;
    activeSince: Date;
  },
  pool: number,
  limit: number,
) {
  const mine = JSON.stringify(fit.interests);
  const candidates = db
    .select({
      ...memberCardColumns,
      shared: sql<
        string[]
      >`(select coalesce(jsonb_agg(i.x), '[]'::jsonb) from jsonb_array_elements_text(${profiles.interests}) as i(x) where ${mine}::jsonb ? i.x)`.as(
        'shared',
      ),
      sameRegion: sql<boolean>`coalesce(${profiles.region} = ${fit.region}, false)`.as('same_region'),
      ageFits:
        sql<boolean>`(${profiles.dateOfBirth} > ${fit.bornAfter}::date and ${profiles.dateOfBirth} <= ${fit.bornUpTo}::date)`.as(
          'age_fits',
        ),
      recent: sql<boolean>`${gt(profiles.lastActiveAt, fit.activeSince)}`.as('recent'),
    })
    .from(profiles)
    .leftJoin(photos, mainThumbJoin)
    .where(candidateOf(db, viewerId, fit))
    .orderBy(...byLastActive())
    .limit(pool)
    .as('c');
  const score = sql`jsonb_array_length(${candidates.shared}) * 3 + ${candidates.sameRegion}::int * 2 + ${candidates.ageFits}::int * 2 + ${candidates.recent}::int`;
  return db
    .select({
      card: {
        userId: candidates.userId,
        name: candidates.name,
        dateOfBirth: candidates.dateOfBirth,
        city: candidates.city,
        country: candidates.country,
        fictional: candidates.fictional,
        lastActiveAt: candidates.lastActiveAt,
        thumbFilename: candidates.thumbFilename,
      },
      shared: candidates.shared,
      sameRegion: candidates.sameRegion,
      ageFits: candidates.ageFits,
      recent: candidates.recent,
    })
    .from(candidates)
    .orderBy(desc(score), desc(candidates.lastActiveAt), desc(candidates.userId))
    .limit(limit);
}

export async function findMatchSuggestions(...args: Parameters<typeof matchSuggestionsQuery>) {
  return await matchSuggestionsQuery(...args);
}
