import { and, asc, eq, exists, inArray, ne, notExists, or, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { blocks, dailyCounters, likes, photos, profiles, sites, users } from '../../db/schema.ts';
import { byLastActive, mainThumbJoin, memberCardColumns, notBlockedWith } from '../../kernel/members.ts';
import { fitsSeeker } from './fit.ts';

/** Records a like once; liking again changes nothing (not even its date). True when it is new. */
export async function insertLike(db: Db, likerId: number, likedId: number): Promise<boolean> {
  const rows = await db
    .insert(likes)
    .values({ likerId, likedId })
    .onConflictDoNothing()
    .returning({ likerId: likes.likerId });
  return rows.length > 0;
}

/**
 * Serialises likes between two members until the transaction ends, whoever likes whom: of two
 * simultaneous mutual likes the second sees the first and reports the match (issue 10 item 13).
 */
export async function lockPair(db: Db, a: number, b: number): Promise<void> {
  const key = `like:${Math.min(a, b)}:${Math.max(a, b)}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

export async function likeExists(db: Db, likerId: number, likedId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(likes)
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)))
    .limit(1);
  return rows.length > 0;
}

export async function deleteLike(db: Db, likerId: number, likedId: number): Promise<void> {
  await db.delete(likes).where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)));
}

/** The liked member has opened the liker's profile: the like is no longer new. */
export async function markLikeSeen(db: Db, likerId: number, likedId: number): Promise<void> {
  await db
    .update(likes)
    .set({ isNew: false })
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId), eq(likes.isNew, true)));
}

/** Forgets the likes between two members in both directions (a block ends whatever was between them). */
export async function deleteLikesBetween(db: Db, a: number, b: number): Promise<void> {
  await db
    .delete(likes)
    .where(
      or(and(eq(likes.likerId, a), eq(likes.likedId, b)), and(eq(likes.likerId, b), eq(likes.likedId, a))),
    );
}

/** A member's likes both ways, oldest first, for their data export (A-12): ids and dates only. */
export async function likesOf(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(likes)
    .where(or(eq(likes.likerId, userId), eq(likes.likedId, userId)))
    .orderBy(asc(likes.createdAt));
  return {
    given: rows.filter((r) => r.likerId === userId).map((r) => ({ member_id: r.likedId, date: r.createdAt })),
    received: rows
      .filter((r) => r.likedId === userId)
      .map((r) => ({ member_id: r.likerId, date: r.createdAt })),
  };
}

// ---------------------------------------------------------------- real-time like and match events

/**
 * The two members of a like as its real-time events show them (D-04): each one's card and main photo,
 * whether others may see them, and the CDN prefix of their own site (the one their browser uses). One
 * statement; `blocked` when either blocked the other.
 */
export async function findEventPair(db: Db, a: number, b: number) {
  const rows = await db
    .select({
      card: memberCardColumns,
      photoFilename: photos.filename,
      listed: profiles.listed,
      cdnPrefix: sites.cdnPrefix,
      blocked: sql<boolean>`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${a} and ${blocks.blockedId} = ${b}) or (${blocks.blockerId} = ${b} and ${blocks.blockedId} = ${a}))`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .leftJoin(photos, mainThumbJoin)
    .where(inArray(profiles.userId, [a, b]));
  return rows;
}

// ---------------------------------------------------------------- likes pages (D-03)

/** Where a likes page goes on from: the last row's sort key. `createdAt` is PostgreSQL's text, exact to the microsecond. */
export interface LikesKey {
  isNew: boolean;
  createdAt: string;
  memberId: number;
}

const theirLike = alias(likes, 'their_like');

/** A value of a query, or the placeholder of a prepared statement that stands for it. */
type Bound<T> = T | Placeholder;

/**
 * A page of a likes list with the viewer's liked-by items. Received and mutual: the likes the viewer got,
 * new ones first, then newest (likes_received_idx, keyset without OFFSET); mutual keeps those the viewer
 * returned. Given: the viewer's likes, newest first (likes_given_idx). Only members others can find, and
 * no one with a block either way (D-10, M-06). Values may be placeholders (the prepared statements of
 * findLikesPage); the plan tests explain it with values.
 */
export function likesPageQuery(
  db: Db,
  viewerId: Bound<number>,
  type: 'received' | 'given' | 'mutual',
  after: { isNew: Bound<boolean>; createdAt: Bound<string>; memberId: Bound<number> } | null,
  limit: Bound<number>,
) {
  const viewer = sql`${viewerId}::int`;
  if (type === 'given') {
    return (
      db
        .select({
          card: memberCardColumns,
          createdAt: sql<string>`${likes.createdAt}::text`,
          isNew: sql<boolean>`false`,
          likesBack: sql<boolean>`${theirLike.likerId} is not null`,
          backIsNew: sql<boolean>`coalesce(${theirLike.isNew}, false)`,
          iLiked: sql<boolean>`true`,
        })
        .from(likes)
        .innerJoin(profiles, eq(profiles.userId, likes.likedId))
        .leftJoin(photos, mainThumbJoin)
        .leftJoin(theirLike, and(eq(theirLike.likerId, likes.likedId), eq(theirLike.likedId, viewer)))
        .where(
          and(
            eq(likes.likerId, viewer),
            eq(profiles.listed, true),
            notBlockedWith(viewer, likes.likedId),
            after === null
              ? undefined
              : sql`(${likes.createdAt}, ${likes.likedId}) < (${after.createdAt}::timestamptz, ${after.memberId}::int)`,
          ),
        )
        // NULLS LAST as likes_given_idx has them, so the index gives the order.
        .orderBy(sql`${likes.createdAt} desc nulls last`, sql`${likes.likedId} desc nulls last`)
        .limit(limit as number)
    );
  }
  return (
    db
      .select({
        card: memberCardColumns,
        createdAt: sql<string>`${likes.createdAt}::text`,
        isNew: likes.isNew,
        likesBack: sql<boolean>`true`,
        backIsNew: likes.isNew,
        iLiked: sql<boolean>`${exists(
          db
            .select({ one: sql`1` })
            .from(theirLike)
            .where(and(eq(theirLike.likerId, viewer), eq(theirLike.likedId, likes.likerId))),
        )}`,
      })
      .from(likes)
      .innerJoin(profiles, eq(profiles.userId, likes.likerId))
      .leftJoin(photos, mainThumbJoin)
      .where(
        and(
          eq(likes.likedId, viewer),
          eq(profiles.listed, true),
          notBlockedWith(viewer, likes.likerId),
          type === 'mutual'
            ? exists(
                db
                  .select({ one: sql`1` })
                  .from(theirLike)
                  .where(and(eq(theirLike.likerId, viewer), eq(theirLike.likedId, likes.likerId))),
              )
            : undefined,
          after === null
            ? undefined
            : sql`(${likes.isNew}, ${likes.createdAt}, ${likes.likerId}) < (${after.isNew}::boolean, ${after.createdAt}::timestamptz, ${after.memberId}::int)`,
        ),
      )
      // NULLS LAST as likes_received_idx has them, so the index gives the order and a page stops early.
      .orderBy(
        sql`${likes.isNew} desc nulls last`,
        sql`${likes.createdAt} desc nulls last`,
        sql`${likes.likerId} desc nulls last`,
      )
      .limit(limit as number)
  );
}

function prepareLikesPage(db: Db, type: 'received' | 'given' | 'mutual', paged: boolean) {
  const p = sql.placeholder;
  const after = paged ? { isNew: p('isNew'), createdAt: p('createdAt'), memberId: p('memberId') } : null;
  return likesPageQuery(db, p('viewer'), type, after, p('limit')).prepare(
    `vonk_likes:${type}:${paged ? 'after' : 'first'}`,
  );
}

/**
 * The six shapes of a likes page (three lists, first page or after a cursor) as prepared statements, per
 * database: node-postgres prepares each once per connection, so a page costs PostgreSQL no parsing or
 * planning, only the index walk (the likes budget of issue 7 is 10 ms p99 on a busy machine).
 */
const likesPageStatements = new WeakMap<Db, Map<string, ReturnType<typeof prepareLikesPage>>>();

export async function findLikesPage(
  db: Db,
  viewerId: number,
  type: 'received' | 'given' | 'mutual',
  after: LikesKey | null,
  limit: number,
) {
  let byKey = likesPageStatements.get(db);
  if (!byKey) {
    byKey = new Map();
    likesPageStatements.set(db, byKey);
  }
  const key = `${type}:${after !== null}`;
  let statement = byKey.get(key);
  if (!statement) {
    statement = prepareLikesPage(db, type, after !== null);
    byKey.set(key, statement);
  }
  return statement.execute({
    viewer: viewerId,
    limit,
    ...(after ? { isNew: after.isNew, createdAt: after.createdAt, memberId: after.memberId } : {}),
  });
}

// ---------------------------------------------------------------- daily limits

/**
 * Raises a member's counter of one day by one unless it reached `max`, in one conditional upsert, so
 * parallel requests never pass the limit. Answers the new count, or null when the limit was reached.
 */
export async function bumpDailyCounter(
  db: Db,
  userId: number,
  kind: string,
  day: string,
  max: number,
): Promise<number | null> {
  const rows = await db
    .insert(dailyCounters)
    .values({ userId, kind, day, count: 1 })
    .onConflictDoUpdate({
      target: [dailyCounters.userId, dailyCounters.kind, dailyCounters.day],
      set: { count: sql`${dailyCounters.count} + 1` },
      setWhere: sql`${dailyCounters.count} < ${max}`,
    })
    .returning({ count: dailyCounters.count });
  const count = rows[0]?.count;
  return count !== undefined && count <= max ? count : null;
}

export async function readDailyCounter(db: Db, userId: number, kind: string, day: string): Promise<number> {
  const [row] = await db
    .select({ count: dailyCounters.count })
    .from(dailyCounters)
    .where(and(eq(dailyCounters.userId, userId), eq(dailyCounters.kind, kind), eq(dailyCounters.day, day)));
  return row?.count ?? 0;
}

// ---------------------------------------------------------------- auto-like (D-06)

/** What makes others fit a member (auto-like, swipe game, matchfinder): where, who, age, interests, prefs. */
export async function findLikeSeeker(db: Db, userId: number) {
  const [row] = await db
    .select({
      country: profiles.country,
      region: profiles.region,
      gender: profiles.gender,
      lookingFor: profiles.lookingFor,
      sexuality: profiles.sexuality,
      dateOfBirth: profiles.dateOfBirth,
      interests: profiles.interests,
      matchFinderPrefs: users.matchFinderPrefs,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row;
}

/**
 * Fictional profiles that fit the member (their country; gender, whom they look for and sexuality fit
 * both ways; born between the bounds) and have not liked them yet; never a real member.
 */
export async function findAutoLikeCandidates(
  db: Db,
  viewerId: number,
  fit: {
    country: string;
    seeker: { gender: string | null; lookingFor: readonly string[] | null; sexuality: string | null };
    bornAfter: string;
    bornUpTo: string;
  },
  limit: number,
) {
  return db
    .select({ id: profiles.userId, filename: photos.filename })
    .from(profiles)
    .leftJoin(photos, mainThumbJoin)
    .where(
      and(
        eq(profiles.listed, true),
        eq(profiles.fictional, true),
        eq(profiles.country, fit.country),
        fitsSeeker(fit.seeker),
        sql`${profiles.dateOfBirth} > ${fit.bornAfter} and ${profiles.dateOfBirth} <= ${fit.bornUpTo}`,
        ne(profiles.userId, viewerId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(likes)
            .where(and(eq(likes.likerId, profiles.userId), eq(likes.likedId, viewerId))),
        ),
        notBlockedWith(viewerId),
      ),
    )
    .orderBy(...byLastActive())
    .limit(limit);
}

/** Remembers a member's matchfinder preferences (D-08). */
export async function saveMatchFinderPrefs(
  db: Db,
  userId: number,
  prefs: { min_age: number | null; max_age: number | null; region: string | null },
): Promise<void> {
  await db.update(users).set({ matchFinderPrefs: prefs }).where(eq(users.id, userId));
}
